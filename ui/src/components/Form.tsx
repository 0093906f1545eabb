// Form building blocks shared by the account pages and modals: a labelled field (required
// ones marked with an asterisk), the error list, and the actions row.

import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './Form.css';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  /** Called with the input's new value (file inputs: use `onFiles`). */
  onValue?: (value: string) => void;
  onFiles?: (files: FileList | null) => void;
  hint?: ReactNode;
  /** Shown just under the input, over what follows it (a suggestion list). */
  children?: ReactNode;
}

/** A visible <label> above its input. `required` adds the asterisk and the native check. */
export function Field({ label, onValue, onFiles, hint, required, className, children, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      {/* The asterisk sits beside the label, not in it: the field's name stays 'Email', and
          assistive technology hears 'required' from the input itself. */}
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
      <div className="field__control">
        <input
          id={id}
          className="field__input"
          required={required}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => {
            onValue?.(event.currentTarget.value);
            onFiles?.(event.currentTarget.files);
          }}
          {...input}
        />
        {children}
      </div>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The form's error list: server messages, 'A network error occured', local validation.
 * Always in the page, so that screen readers announce what appears in it.
 */
export function ErrorList({ errors }: { errors: readonly string[] }) {
  return (
    <ul className="form-errors" role="alert">
      {errors.map((message, index) => (
        <li key={`${index}-${message}`}>{message}</li>
      ))}
    </ul>
  );
}

/** A polite confirmation ('Profile saved.', the server's reset-mail message). */
export function StatusMessage({ children }: { children: ReactNode }) {
  return (
    <p className="form-status" role="status">
      {children}
    </p>
  );
}

export function FormActions({ children }: { children: ReactNode }) {
  return <div className="form-actions">{children}</div>;
}
