import { describe, expect, it } from 'vitest'
import { seedGroups, seedUsers } from '../seed'
import { createBook, listBooks } from './books'
import { createModel } from './create-model'
import { createDoc, deleteDoc, listDocs, updateDoc, versionsOf } from './docs'
import { search } from './search'
import { groupStatistics, memberStatistics } from './statistics'
import { membersOf, setMemberRole, teamsOfUser } from './teams'

const [ALICE, BOB, WANG, CAROL] = [1001, 1002, 1003, 1004]
const PAGE = { offset: 0, limit: 100 }

function model() {
  return createModel({
    users: seedUsers,
    groups: seedGroups,
    now: () => Date.parse('2025-01-15T10:00:00.000Z'),
  })
}
const refusal = (reason: string, message?: string) =>
  expect.objectContaining({
    reason,
    ...(message === undefined ? {} : { message: expect.stringContaining(message) }),
  })

describe('who sees what', () => {
  it('shows a private repository only to its owner or the owning team’s members', () => {
    const state = model()
    const slugs = (viewer: number, login: string) =>
      listBooks(state, viewer, login, PAGE).map((b) => b.slug)
    expect(slugs(ALICE, 'alice')).toEqual(['api-handbook', 'release-notes', 'drafts'])
    expect(slugs(BOB, 'alice')).toEqual(['api-handbook', 'release-notes'])
    expect(slugs(WANG, 'payments-docs')).toEqual(['gateway-guide', 'runbook'])
    expect(slugs(BOB, 'payments-docs')).toEqual(['gateway-guide'])
  })

  it('answers missing (404) for a private team to outsiders, also through its repositories', () => {
    const state = model()
    expect(() => listBooks(state, ALICE, 'frontend-infra', PAGE)).toThrow(
      refusal('missing', 'User not found'),
    )
    expect(() => membersOf(state, ALICE, 'frontend-infra', undefined)).toThrow(
      refusal('missing', 'Group not found'),
    )
    expect(teamsOfUser(state, ALICE, 'wangxiaoming', undefined).map((t) => t.team.login)).toEqual([
      'payments-docs',
      'yuque-lab',
    ])
    expect(teamsOfUser(state, WANG, 'wangxiaoming', 0).map((t) => t.team.login)).toEqual([
      'frontend-infra',
      'yuque-lab',
    ])
  })

  it('hides private documents of a public repository from outsiders', () => {
    const state = model()
    createDoc(state, ALICE, { id: 20011 }, { slug: 'secret', body: 'x', public: 0 })
    const titles = (viewer: number) =>
      listDocs(state, viewer, { id: 20011 }, { ...PAGE, deleted: false }).docs.map((d) => d.slug)
    expect(titles(ALICE)).toContain('secret')
    expect(titles(BOB)).not.toContain('secret')
  })

  it('searches only what the viewer may see, 20 a page', () => {
    const state = model()
    const hits = (viewer: number, scope: string) =>
      search(state, viewer, { q: 'gateway', type: 'doc', page: 1, scope }).hits.map((h) =>
        h.kind === 'doc' ? h.doc.slug : '',
      )
    expect(hits(ALICE, 'payments-docs')).toEqual(['pager'])
    expect(hits(BOB, 'payments-docs')).toEqual([])
    expect(
      search(state, WANG, { q: 'React', type: 'doc', page: 1 }).hits.map((h) => h.book.slug),
    ).toEqual(['frontend-notes'])
  })
})

describe('who changes what', () => {
  it('lets team admins and members write a team’s repositories, not read-only members (403)', () => {
    const state = model()
    expect(createBook(state, WANG, 'payments-docs', { name: 'N', slug: 'n' }).owner).toEqual({
      kind: 'team',
      id: 3001,
    })
    expect(() =>
      createDoc(state, ALICE, { login: 'design-guild', slug: 'tokens' }, { body: 'x' }),
    ).toThrow(refusal('denied'))
    expect(() => createBook(state, ALICE, 'bob', { name: 'N', slug: 'n' })).toThrow(
      refusal('denied'),
    )
  })

  it('changes member roles only for team admins and keeps one admin', () => {
    const state = model()
    expect(() => setMemberRole(state, WANG, 'payments-docs', 'bob', 1)).toThrow(
      refusal('denied', 'Only an admin'),
    )
    expect(setMemberRole(state, ALICE, 'payments-docs', 'wangxiaoming', 0).membership.role).toBe(0)
    expect(setMemberRole(state, ALICE, 'payments-docs', 'alice', 1).membership.role).toBe(1)
    expect(() => setMemberRole(state, WANG, 'payments-docs', 'wangxiaoming', 2)).toThrow(
      refusal('invalid', 'no admin left'),
    )
  })

  it('publishes a version on creation and on every update, newest first', () => {
    const state = model()
    const { doc } = createDoc(state, ALICE, { id: 20011 }, { slug: 'v', body: 'one' })
    updateDoc(state, ALICE, { id: 20011 }, 'v', { body: 'two' })
    updateDoc(state, ALICE, { id: 20011 }, String(doc.id), { title: 'Three' })
    expect(versionsOf(state, ALICE, doc.id).map((v) => [v.body, v.title])).toEqual([
      ['two', 'Three'],
      ['two', '无标题'],
      ['one', '无标题'],
    ])
  })

  it('lists deleted documents only with deleted=true, and filters by changed_at_gte', () => {
    const state = model()
    deleteDoc(state, ALICE, { id: 20011 }, 'pagination')
    const list = (deleted: boolean, changedAtGte?: string) =>
      listDocs(
        state,
        ALICE,
        { id: 20011 },
        { ...PAGE, deleted, ...(changedAtGte === undefined ? {} : { changedAtGte }) },
      ).docs.map((d) => d.slug)
    expect(list(true)).toEqual(['pagination'])
    expect(list(false)).toEqual(['getting-started', 'versioning'])
    expect(list(false, '2020-02-01T00:00:00Z')).toEqual(['versioning'])
  })
})

describe('team statistics', () => {
  it('are computed from the model, the same on every call', () => {
    const state = model()
    expect(groupStatistics(state, ALICE, 'payments-docs')).toMatchObject({
      member_count: 2,
      doc_count: 3,
      book_count: 2,
      write_count: 4,
    })
    const members = memberStatistics(state, ALICE, 'payments-docs', {
      range: 0,
      page: 1,
      limit: 10,
      sortField: 'read_count',
      sortOrder: 'desc',
    })
    expect(members.rows.map((r) => [r.name, r.read_count])).toEqual([
      ['Alice Chen', 673],
      ['王小明', 410],
    ])
    expect(
      memberStatistics(state, ALICE, 'payments-docs', {
        range: 30,
        page: 1,
        limit: 10,
        sortOrder: 'desc',
      }).rows.map((r) => r.write_count),
    ).toEqual([0, 0])
    expect(() => groupStatistics(state, CAROL, 'payments-docs')).toThrow(
      refusal('denied', 'Only members'),
    )
  })
})
