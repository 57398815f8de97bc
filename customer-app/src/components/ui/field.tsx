import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import ui from '../../styles/ui.module.css';

/** The outline and its label, as MUI's small outlined fields once filled. */
function Field({
  label,
  className,
  render,
}: {
  label: string;
  className?: string;
  render: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <span className={[ui.field, className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {render(id)}
    </span>
  );
}

/** A native select with its label on the outline. */
export function SelectField({
  label,
  className,
  ...props
}: { label: string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return <Field label={label} className={className} render={(id) => <select id={id} {...props} />} />;
}

/** A native input with its label on the outline. */
export function InputField({
  label,
  className,
  ...props
}: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return <Field label={label} className={className} render={(id) => <input id={id} {...props} />} />;
}
