// Form fields the board and folder dialogs need beside the shared text Field: a select, a
// textarea, and the 'Policie' select (Private / Public). Same look and asterisk as Form.tsx.

import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { t } from '../../i18n';

function Label({ id, label, required }: { id: string; label: string; required?: boolean | undefined }) {
  return (
    <div className="field__label-row">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {required ? (
        <span className="field__required" aria-hidden="true">
          *
        </span>
      ) : null}
    </div>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  children: ReactNode;
}

export function SelectField({ label, value, onValue, required, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <Label id={id} label={label} required={required} />
      <select
        id={id}
        className="field__input field__select"
        required={required}
        value={value}
        onChange={(event) => onValue(event.currentTarget.value)}
        {...select}
      >
        {children}
      </select>
    </div>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
}

export function TextAreaField({ label, value, onValue, required, rows = 3, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <Label id={id} label={label} required={required} />
      <textarea
        id={id}
        className="field__input field__textarea"
        required={required}
        rows={rows}
        value={value}
        onChange={(event) => onValue(event.currentTarget.value)}
        {...textarea}
      />
    </div>
  );
}

/** 'Policie' (spec, section 4): Private or Public, i.e. the `secret` flag. Required. */
export function PolicieField({ secret, onSecret }: { secret: boolean; onSecret: (secret: boolean) => void }) {
  return (
    <SelectField
      label={t('fields.policie', 'Policie')}
      required
      value={secret ? 'private' : 'public'}
      onValue={(value) => onSecret(value === 'private')}
    >
      <option value="private">{t('fields.private', 'Private')}</option>
      <option value="public">{t('fields.public', 'Public')}</option>
    </SelectField>
  );
}
