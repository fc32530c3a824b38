// The payment PIN's input, one for every form that asks for or sets it.
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { PAYMENT_PASSWORD_MAX } from '@/lib/accounts/profile-schemas';

/** One payment-PIN field: digits, hidden, at most the PIN's length (the spend sheet, the profile's form). */
export function PinField({
  id,
  label,
  autoComplete,
  value,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <input
        id={id}
        type="password"
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={PAYMENT_PASSWORD_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={INPUT_CLASS}
        data-testid={testId}
      />
    </div>
  );
}
