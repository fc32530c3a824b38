// Account limits of spec §5 and §9, shared by the server's checks and the browser's forms.
export const MOBILE_MAX_LENGTH = 11;
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MINUTES = 10;
/** The SMS button counts down this long after a successful send. */
export const SMS_RESEND_SECONDS = 60;
export const PASSWORD_MIN_LENGTH = 6;
export const QR_LOGIN_TTL_SECONDS = 120;
