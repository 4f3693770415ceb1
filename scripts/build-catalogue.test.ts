import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CATALOGUE_PATH, buildCatalogue, readSpec } from './build-catalogue'
import { ENDPOINTS } from '../src/protocol/endpoints'
import { CATALOGUE } from '../src/web/explorer/catalogue.gen'
import { SUMMARIES_EN } from '../src/web/explorer/summaries-en'

describe('the explorer catalogue', () => {
  it('is what scripts/build-catalogue.ts writes from the OpenAPI document (run npm run catalogue)', async () => {
    expect(readFileSync(CATALOGUE_PATH, 'utf8')).toBe(await buildCatalogue(readSpec()))
  })

  it('has a Chinese summary for every operation of the document and an English one for every row', () => {
    for (const endpoint of ENDPOINTS) {
      expect(SUMMARIES_EN[endpoint.id], endpoint.id).toMatch(/\w/)
      if (endpoint.operationId !== null)
        expect(CATALOGUE[endpoint.id]?.zh, endpoint.id).toMatch(/./)
    }
  })

  it('has a JSON body example exactly for the operations that take a body', () => {
    for (const endpoint of ENDPOINTS) {
      const body = CATALOGUE[endpoint.id]?.body
      expect(body !== undefined, endpoint.id).toBe(endpoint.hasBody)
      if (body !== undefined) expect(typeof JSON.parse(body)).toBe('object')
    }
  })

  it('builds the document-creation example from its schema: defaults, first enum value, required fields', () => {
    expect(JSON.parse(CATALOGUE['doc.createById']?.body ?? '')).toEqual({
      title: '无标题',
      public: 0,
      format: 'markdown',
      body: '正文内容',
    })
  })
})
