import type { ReactNode } from 'react'

/*
 * Below the `sm` breakpoint each row is a card: its cells stack, each led by its column's name
 * (`data-label`), so a phone shows every field and button without scrolling sideways. One table
 * for every width keeps one set of controls in the page.
 */

/** A cell (`td` or `th` with `data-label`): a labelled line of its card on a phone. */
export const CARD_CELL =
  'max-sm:flex max-sm:min-h-10 max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]'

/** A row (`tr`): a card on a phone. */
export const CARD_ROW =
  'max-sm:block max-sm:rounded-box max-sm:border max-sm:border-base-300 max-sm:px-4 max-sm:py-2'

interface CardTableProps {
  /** Names the table for screen readers. */
  label: string
  columns: string[]
  /** The rows: `tr` elements with CARD_ROW, their cells with CARD_CELL and a `data-label`. */
  children: ReactNode
}

/** A table on wider screens, a list of cards on phones. */
export function CardTable({ label, columns, children }: CardTableProps) {
  return (
    <section
      aria-label={label}
      className="sm:overflow-x-auto sm:rounded-box sm:border sm:border-base-300"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard user scrolls the table sideways on a tablet
      tabIndex={0}
    >
      <table className="table max-sm:block">
        <thead className="bg-base-200 text-base-content max-sm:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">{children}</tbody>
      </table>
    </section>
  )
}
