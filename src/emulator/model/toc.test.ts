import { describe, expect, it } from 'vitest'
import { seedGroups, seedUsers } from '../seed'
import { createModel } from './create-model'
import { showToc, updateToc, type TocAction } from './toc'

const ALICE = 1001
const HANDBOOK = { id: 20011 }

function model() {
  return createModel({
    users: seedUsers,
    groups: seedGroups,
    now: () => Date.parse('2025-01-15T10:00:00.000Z'),
  })
}

/** The table as `uuid@level<parent` lines, to read a tree at a glance. */
function outline(state: ReturnType<typeof model>): string[] {
  return showToc(state, ALICE, HANDBOOK).map(
    (e) => `${e.node.uuid}@${e.level}<${e.node.parentUuid ?? ''}`,
  )
}

const act = (state: ReturnType<typeof model>, action: TocAction) =>
  updateToc(state, ALICE, HANDBOOK, action)

describe('table of contents actions', () => {
  it('start from the seed: a group with two documents, then a document and a link at the root', () => {
    expect(outline(model())).toEqual([
      'handbook-basics@0<',
      'handbook-start@1<handbook-basics',
      'handbook-paging@1<handbook-basics',
      'handbook-versioning@0<',
      'handbook-rfc@0<',
    ])
  })

  it('appendNode child adds a last child; prependNode child a first child', () => {
    const state = model()
    act(state, {
      action: 'appendNode',
      actionMode: 'child',
      targetUuid: 'handbook-basics',
      type: 'TITLE',
      title: 'Last',
    })
    act(state, {
      action: 'prependNode',
      actionMode: 'child',
      targetUuid: 'handbook-basics',
      type: 'TITLE',
      title: 'First',
    })
    expect(outline(state).slice(0, 5)).toEqual([
      'handbook-basics@0<',
      'node-000002@1<handbook-basics',
      'handbook-start@1<handbook-basics',
      'handbook-paging@1<handbook-basics',
      'node-000001@1<handbook-basics',
    ])
  })

  it('appendNode sibling adds after the target’s whole subtree; no target appends at the root', () => {
    const state = model()
    act(state, {
      action: 'appendNode',
      actionMode: 'sibling',
      targetUuid: 'handbook-basics',
      type: 'LINK',
      title: 'Spec',
      url: 'https://example.com',
    })
    act(state, { action: 'appendNode', actionMode: 'child', docIds: [40002] })
    expect(outline(state)).toEqual([
      'handbook-basics@0<',
      'handbook-start@1<handbook-basics',
      'handbook-paging@1<handbook-basics',
      'node-000001@0<',
      'handbook-versioning@0<',
      'handbook-rfc@0<',
      'node-000002@0<',
    ])
  })

  it('moves a node with its children when node_uuid is given', () => {
    const state = model()
    act(state, {
      action: 'appendNode',
      actionMode: 'child',
      targetUuid: 'handbook-versioning',
      nodeUuid: 'handbook-basics',
    })
    expect(outline(state)).toEqual([
      'handbook-versioning@0<',
      'handbook-basics@1<handbook-versioning',
      'handbook-start@2<handbook-basics',
      'handbook-paging@2<handbook-basics',
      'handbook-rfc@0<',
    ])
  })

  it('removeNode sibling keeps the children one level up; child removes them too', () => {
    const lifted = model()
    act(lifted, { action: 'removeNode', actionMode: 'sibling', nodeUuid: 'handbook-basics' })
    expect(outline(lifted).slice(0, 2)).toEqual(['handbook-start@0<', 'handbook-paging@0<'])
    const pruned = model()
    act(pruned, { action: 'removeNode', actionMode: 'child', nodeUuid: 'handbook-basics' })
    expect(outline(pruned)).toEqual(['handbook-versioning@0<', 'handbook-rfc@0<'])
  })

  it('editNode changes the title and visibility and reports prev, sibling and child uuids', () => {
    const state = model()
    const entries = act(state, {
      action: 'editNode',
      actionMode: 'sibling',
      nodeUuid: 'handbook-paging',
      title: 'Paging',
      visible: 0,
    })
    expect(entries[2]).toMatchObject({
      node: { title: 'Paging', visible: 0 },
      prevUuid: 'handbook-start',
      siblingUuid: '',
    })
    expect(entries[0]).toMatchObject({
      childUuid: 'handbook-start',
      siblingUuid: 'handbook-versioning',
    })
  })

  it('refuses what the document forbids, naming the field', () => {
    const state = model()
    const refusals: [TocAction, string][] = [
      [{ action: 'appendNode', type: 'TITLE', title: 'x' }, 'action_mode is required'],
      [{ action: 'prependNode', actionMode: 'sibling', type: 'TITLE', title: 'x' }, '同级头插'],
      [{ action: 'appendNode', actionMode: 'child', type: 'DOC' }, 'doc_ids is required'],
      [
        { action: 'appendNode', actionMode: 'child', docIds: [40011] },
        'document 40011 is not in this repository',
      ],
      [{ action: 'appendNode', actionMode: 'child', type: 'LINK', title: 'x' }, 'url is required'],
      [
        {
          action: 'appendNode',
          actionMode: 'child',
          targetUuid: 'handbook-start',
          nodeUuid: 'handbook-basics',
        },
        'cannot move under or beside itself',
      ],
      [{ action: 'editNode', actionMode: 'sibling' }, 'node_uuid is required'],
    ]
    for (const [action, message] of refusals) {
      expect(() => act(state, action)).toThrow(
        expect.objectContaining({ reason: 'invalid', message: expect.stringContaining(message) }),
      )
    }
    expect(() =>
      act(state, { action: 'removeNode', actionMode: 'sibling', nodeUuid: 'nope' }),
    ).toThrow(expect.objectContaining({ reason: 'missing' }))
  })

  it('lets a read-only team member read but not change a team’s table (403, not 404)', () => {
    const state = model()
    expect(showToc(state, ALICE, { login: 'yuque-lab', slug: 'open-api' })).toHaveLength(3)
    const carol = 1004
    expect(() =>
      updateToc(
        state,
        carol,
        { login: 'yuque-lab', slug: 'open-api' },
        { action: 'removeNode', actionMode: 'sibling', nodeUuid: 'lab-toc' },
      ),
    ).toThrow(expect.objectContaining({ reason: 'denied' }))
  })
})
