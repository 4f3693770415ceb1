/** The shape of catalogue.gen.ts (written by scripts/build-catalogue.ts). */
export interface CatalogueParam {
  /** The OpenAPI document's description, first line, in Chinese as written there. */
  readonly zh: string
  readonly type: string
  readonly enum?: readonly (string | number)[]
  readonly default?: string | number | boolean
  readonly required?: boolean
}

/** The document's summary is in summaries-zh.gen.ts, loaded with the Chinese catalogs only. */
export interface CatalogueEntry {
  readonly params: Readonly<Record<string, CatalogueParam>>
  /** A JSON body example from the requestBody schema, for operations that take one. */
  readonly body?: string
}

export type Catalogue = Readonly<Record<string, CatalogueEntry>>
