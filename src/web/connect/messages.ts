/** The connect namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
export const connectMessages = {}
