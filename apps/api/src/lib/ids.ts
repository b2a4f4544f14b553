const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/**
 * Ids are uuids, in lower case as the database writes them and the shared Id schema reads them;
 * anything else is checked before it reaches a uuid column (which would throw). An id in capitals
 * here came past no Id schema: it is treated as no id rather than as a second spelling of one
 * that a text comparison would miss.
 */
export const isUuid = (value: string) => UUID.test(value)
