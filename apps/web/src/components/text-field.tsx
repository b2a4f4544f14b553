import { type ComponentProps, type ReactNode, useId } from 'react'
import { useHydrated } from './use-hydrated'

interface FieldProps {
  label: string
  error?: string | undefined
  hint?: string | undefined
  id?: string | undefined
  className?: string | undefined
  /** Less room between label and control, for the booking modal's short form. */
  compact?: boolean | undefined
}

/** What ties a control to its label, error and hint for screen readers. */
interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/** The label, the control, then the error and the hint, whatever the control is. */
function FormField({
  label,
  error,
  hint,
  id,
  className,
  compact,
  control,
}: FieldProps & { control: (props: ControlProps) => ReactNode }) {
  const generatedId = useId()
  const controlId = id ?? generatedId
  const errorId = `${controlId}-error`
  const hintId = `${controlId}-hint`
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ')

  return (
    <div className={`flex flex-col ${compact ? 'gap-1' : 'gap-1.5'} ${className ?? ''}`}>
      <label htmlFor={controlId} className="text-sm font-semibold">
        {label}
      </label>
      {control({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-base-content/75">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

type TextFieldProps = FieldProps & Omit<ComponentProps<'input'>, 'id' | 'className'>

/**
 * A labelled input whose hint and error are tied to it; a disabled one stays readable. Read-only
 * until the page is hydrated: what was typed into a server-rendered form before then would be
 * lost when the form takes over its fields.
 */
export function TextField({ label, error, hint, id, className, compact, ...input }: TextFieldProps) {
  const hydrated = useHydrated()
  return (
    <FormField
      {...{ label, error, hint, id, className, compact }}
      control={(control) => (
        <input
          className={`input w-full disabled:text-base-content/80 ${error ? 'input-error' : ''}`}
          {...control}
          {...input}
          readOnly={input.readOnly || !hydrated}
        />
      )}
    />
  )
}

type SelectFieldProps = FieldProps &
  Omit<ComponentProps<'select'>, 'id' | 'className' | 'children'> & { options: readonly string[] }

/** A labelled choice among `options`, each shown as its own value. */
export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  compact,
  options,
  ...select
}: SelectFieldProps) {
  return (
    <FormField
      {...{ label, error, hint, id, className, compact }}
      control={(control) => (
        <select className={`select w-full ${error ? 'select-error' : ''}`} {...control} {...select}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    />
  )
}

type TextAreaFieldProps = FieldProps & Omit<ComponentProps<'textarea'>, 'id' | 'className'>

/** A labelled multi-line input, tied to its hint and error like `TextField`. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  compact,
  ...textarea
}: TextAreaFieldProps) {
  const hydrated = useHydrated()
  return (
    <FormField
      {...{ label, error, hint, id, className, compact }}
      control={(control) => (
        <textarea
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          {...control}
          {...textarea}
          readOnly={textarea.readOnly || !hydrated}
        />
      )}
    />
  )
}
