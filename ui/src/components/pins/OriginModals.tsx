// The first steps of adding a pin (spec, section 2: Modals): choosing the origin ('The web' or
// 'Your computer'), then the URL to download or the file to upload, with its progress.

import { useEffect, useRef, useState } from 'react';
import type { TempPin } from '../../api/generated/graphql';
import { downloadPinFile, uploadPin } from '../../api/pins';
import { useMutation } from '../../api/mutation';
import { t } from '../../i18n';
import { NOT_AN_IMAGE, isImageFile } from '../../lib/validation';
import { DialogForm } from '../boards/DialogForm';
import { Field, FormActions } from '../Form';
import { Modal } from '../Modal';
import './pins.css';

export function OriginModal({ onClose, onWeb, onComputer }: { onClose: () => void; onWeb: () => void; onComputer: () => void }) {
  return (
    <Modal title={t('originModals.title', 'Choose pin origin')} onClose={onClose}>
      <div className="pin-origin">
        <button type="button" className="pin-origin__choice" onClick={onWeb} autoFocus>
          {t('originModals.web', 'The web')}
        </button>
        <button type="button" className="pin-origin__choice" onClick={onComputer}>
          {t('originModals.computer', 'Your computer')}
        </button>
      </div>
      <FormActions>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('originModals.cancel', 'Cancel')}
        </button>
      </FormActions>
    </Modal>
  );
}

/** Any failure hands the address to `onFailed`: the scan route then looks for pictures in it. */
export function WebPinModal({
  onClose,
  onDownloaded,
  onFailed,
}: {
  onClose: () => void;
  onDownloaded: (temp: TempPin) => void;
  onFailed: (url: string) => void;
}) {
  const [url, setUrl] = useState('');
  const download = useMutation(downloadPinFile);
  // Closed while downloading: the answer no longer leads anywhere (above all not to the scan route).
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  const submit = async () => {
    const address = url.trim();
    const temp = await download.run(address);
    if (!open.current) return;
    if (temp) onDownloaded(temp);
    else onFailed(address);
  };

  return (
    <DialogForm
      title={t('originModals.webTitle', 'Download pin from the web')}
      onClose={onClose}
      onSubmit={submit}
      errors={download.errors}
      pending={download.pending}
      submitLabel={t('originModals.download', 'Download')}
    >
      <Field label={t('originModals.url', 'URL')} type="url" required value={url} onValue={setUrl} placeholder="https://" autoFocus />
    </DialogForm>
  );
}

/** Several files (picked, dropped or pasted) go to `onMany`: the batch upload. */
export function UploadPinModal({
  onClose,
  onUploaded,
  onMany,
}: {
  onClose: () => void;
  onUploaded: (temp: TempPin) => void;
  onMany: (files: File[]) => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  /** The share sent so far (0 to 1) while uploading. */
  const [sent, setSent] = useState<number | null>(null);
  const upload = useMutation(uploadPin);
  const file = files[0] ?? null;

  const add = (more: File[], replace: boolean) => {
    setFiles((current) => (replace ? more : [...current, ...more]));
    upload.setErrors([]);
  };

  const submit = async () => {
    if (files.length > 1) {
      onMany(files);
      return;
    }
    if (!file) return;
    if (!isImageFile(file)) {
      upload.setErrors([NOT_AN_IMAGE]);
      return;
    }
    setSent(0);
    const temp = await upload.run(file, setSent);
    setSent(null);
    if (temp) onUploaded(temp);
  };

  return (
    <DialogForm
      title={t('originModals.uploadTitle', 'Upload pin from your computer')}
      onClose={onClose}
      onSubmit={submit}
      errors={upload.errors}
      pending={upload.pending}
      submitLabel={t('originModals.upload', 'Upload')}
    >
      <div
        className="upload-drop"
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          add(Array.from(event.dataTransfer.files), false);
        }}
        onPaste={(event) => {
          const pasted = Array.from(event.clipboardData.files).filter(isImageFile);
          if (pasted.length > 0) {
            event.preventDefault();
            add(pasted, false);
          }
        }}
      >
        <Field
          label={t('originModals.picture', 'Picture')}
          type="file"
          accept="image/*"
          multiple
          required={files.length === 0}
          onFiles={(chosen) => add(Array.from(chosen ?? []), true)}
          hint={t('originModals.pictureHint', 'Image files: JPEG, PNG, WebP or GIF. Pick, drop or paste several to upload them together.')}
        />
        {files.length > 1 ? (
          <p role="status">{t('originModals.filesChosen', '{count, plural, one {# file chosen} other {# files chosen}}', { count: files.length })}</p>
        ) : null}
      </div>
      {sent !== null ? (
        <div className="upload-progress">
          <progress className="upload-progress__bar" aria-label={t('originModals.progress', 'Upload progress')} max={100} value={Math.round(sent * 100)} />
          <span className="upload-progress__value" aria-hidden="true">
            {t('originModals.percent', '{percent}%', { percent: Math.round(sent * 100) })}
          </span>
        </div>
      ) : null}
    </DialogForm>
  );
}
