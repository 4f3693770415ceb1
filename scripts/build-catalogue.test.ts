import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  CATALOGUE_PATH,
  SUMMARIES_ZH_PATH,
  buildCatalogue,
  buildSummariesZh,
  readSpec,
} from './build-catalogue'
import { ENDPOINTS } from '../src/protocol/endpoints'
import { CATALOGUE } from '../src/web/explorer/catalogue.gen'
import { explorerMessagesZh } from '../src/web/explorer/messages.zh'
import { SUMMARIES_ZH } from '../src/web/explorer/summaries-zh.gen'
import { SUMMARIES_EN } from '../src/web/explorer/summaries-en'

describe('the explorer catalogue', () => {
  it('is what scripts/build-catalogue.ts writes from the OpenAPI document (run npm run catalogue)', async () => {
    expect(readFileSync(CATALOGUE_PATH, 'utf8')).toBe(await buildCatalogue(readSpec()))
    expect(readFileSync(SUMMARIES_ZH_PATH, 'utf8')).toBe(await buildSummariesZh(readSpec()))
  })

  it('has an English and a Chinese summary for every row, the document’s own where it has one', () => {
    for (const endpoint of ENDPOINTS) {
      expect(SUMMARIES_EN[endpoint.id], endpoint.id).toMatch(/\w/)
      expect(explorerMessagesZh.summaries[endpoint.id], endpoint.id).toMatch(/\p{Script=Han}/u)
      if (endpoint.operationId !== null) {
        expect(explorerMessagesZh.summaries[endpoint.id]).toBe(SUMMARIES_ZH[endpoint.id])
      }
    }
  })

  it('keeps the Chinese summaries out of the catalogue an English page loads', () => {
    expect(readFileSync(CATALOGUE_PATH, 'utf8')).not.toContain('获取知识库的文档列表')
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
