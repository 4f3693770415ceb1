/** The hello namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
export const helloMessages = {
  documentTitle: 'Hello · Yuque OAuth Playground',
  heading: 'Hello',
  /** After the request line `GET /api/v2/hello`. */
  lede: ": the service's test endpoint. It greets the token's user by name, which proves the token works.",
  connectFirstWhat: 'The greeting',
  loading: 'Loading the greeting…',
  /** Under the greeting, which the service wrote (the response's `data.message`). */
  caption: 'The greeting, as the service wrote it',
  captionField: 'data.message in the response',
}
