import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'

type BindableForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>

/**
 * Binds a form's fields by name, once: a field's registration and its error travel together, so
 * no field can show another's error. Reading the error through `formState` keeps react-hook-form
 * re-rendering the form when errors change.
 */
export function fieldBinder<T extends FieldValues>(form: BindableForm<T>) {
  return (name: Path<T>) => ({
    ...form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  })
}
