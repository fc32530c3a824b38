// "Upload a picture": the file goes through the upload credential flow (checked and re-encoded by
// the server); the new picture is then chosen like any offered one and kept when the form is saved.
import { Upload } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useFormPost } from '@/lib/http/use-form-post';
import { uploadFile } from '@/lib/storage/upload-file';

export function AvatarUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const t = useTranslations('member.profile');
  // A refusal: the shared client already showed the server's reason.
  const sender = useFormPost<File, { url: string }>((file) => uploadFile('avatar', file), {
    onSuccess: (stored) => onUploaded(stored.url),
  });
  const uploading = sender.isPending;
  const upload = (file: File | undefined) => {
    if (file) sender.mutate(file);
  };
  return (
    <label className="mt-2 inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border border-line px-2.5 text-xs text-ink-700 hover:border-brand-400 hover:text-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400">
      <Upload aria-hidden className="size-3.5" />
      {uploading ? t('uploading') : t('upload')}
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        className="sr-only"
        disabled={uploading}
        onChange={(event) => {
          upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </label>
  );
}
