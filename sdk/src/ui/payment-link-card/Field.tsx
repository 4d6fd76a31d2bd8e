import { useId } from "react";

/** Props of {@link Field}. */
export interface FieldProps {
  label: string;
  value: string;
  error: string | null;
  multiline?: boolean;
  type?: "email" | "text";
  autoComplete: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** A labelled, required input with its validation message tied to it by aria-describedby. */
export function Field({
  label,
  value,
  error,
  multiline,
  type = "text",
  autoComplete,
  onChange,
  onBlur,
}: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    value,
    required: true,
    autoComplete,
    "aria-invalid": error ? ("true" as const) : undefined,
    "aria-describedby": error ? errorId : undefined,
    onBlur,
  };
  return (
    <div className="spay-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={2} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <input {...common} type={type} onChange={(e) => onChange(e.currentTarget.value)} />
      )}
      {error ? (
        <p id={errorId} className="spay-error spay-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
