/**
 * Tables of contents (V2TocItem) and the four update actions of PUT …/toc as the document
 * describes them: appendNode / prependNode (create when no node_uuid is given, move otherwise),
 * editNode, removeNode; action_mode `sibling` places beside the target (removes the node only,
 * its children move up), `child` under it (removes the node with its children). An empty
 * target_uuid is the root. The nodes are kept in reading order, so a subtree is one block.
 */
import { docsOf, visibleBook, writableBook, type BookRef, type ModelState } from './state'
import type { OutlineItem } from './toc-markdown'
import { ModelError, missing, type Book, type TocNode, type TocType } from './types'

export interface TocAction {
  action: 'appendNode' | 'prependNode' | 'editNode' | 'removeNode'
  actionMode?: 'sibling' | 'child'
  targetUuid?: string
  nodeUuid?: string
  docIds?: number[]
  type?: TocType
  title?: string
  url?: string
  openWindow?: 0 | 1
  visible?: 0 | 1
}

export interface TocEntry {
  node: TocNode
  level: number
  prevUuid: string
  siblingUuid: string
  childUuid: string
  docSlug: string | null
}

const invalid = (message: string) => new ModelError('invalid', message)

function entriesOf(state: ModelState, book: Book): TocEntry[] {
  const nodes = state.tocs.get(book.id) ?? []
  const slugs = new Map(docsOf(state, book).map((doc) => [doc.id, doc.slug]))
  const siblings = (parent: string | null) => nodes.filter((n) => n.parentUuid === parent)
  const levels = new Map<string, number>()
  return nodes.map((node) => {
    const level = node.parentUuid === null ? 0 : (levels.get(node.parentUuid) ?? 0) + 1
    levels.set(node.uuid, level)
    const row = siblings(node.parentUuid)
    const at = row.indexOf(node)
    return {
      node,
      level,
      prevUuid: row[at - 1]?.uuid ?? '',
      siblingUuid: row[at + 1]?.uuid ?? '',
      childUuid: siblings(node.uuid)[0]?.uuid ?? '',
      docSlug: node.docId === null ? null : (slugs.get(node.docId) ?? null),
    }
  })
}

export function showToc(state: ModelState, viewerId: number, ref: BookRef): TocEntry[] {
  return entriesOf(state, visibleBook(state, viewerId, ref))
}

/** The node and its descendants: a block from the node's index. */
function blockOf(nodes: TocNode[], uuid: string): [number, number] {
  const start = nodes.findIndex((node) => node.uuid === uuid)
  if (start < 0) throw missing('Toc node')
  const inside = new Set([uuid])
  let end = start + 1
  while (end < nodes.length && inside.has(nodes[end]?.parentUuid ?? '')) {
    inside.add(nodes[end]?.uuid ?? '')
    end += 1
  }
  return [start, end]
}

/** Where a block goes, and under which parent, for an append/prepend relative to the target. */
function placement(nodes: TocNode[], action: TocAction): { index: number; parent: string | null } {
  const target = action.targetUuid ?? ''
  const isChild = action.actionMode === 'child'
  const prepend = action.action === 'prependNode'
  if (target === '') return { index: prepend ? 0 : nodes.length, parent: null }
  const [start, end] = blockOf(nodes, target)
  const parent = isChild ? target : (nodes[start]?.parentUuid ?? null)
  if (isChild) return { index: prepend ? start + 1 : end, parent }
  return { index: prepend ? start : end, parent }
}

function createdNodes(state: ModelState, book: Book, action: TocAction): TocNode[] {
  const type = action.type ?? 'DOC'
  const base = { url: '', openWindow: action.openWindow ?? 0, visible: action.visible ?? 1 }
  if (type !== 'DOC') {
    if (action.title === undefined) throw invalid(`title is required to create a ${type} node`)
    if (type === 'LINK' && action.url === undefined)
      throw invalid('url is required to create a LINK node')
    return [
      {
        ...base,
        uuid: state.nextUuid(),
        type,
        title: action.title,
        url: action.url ?? '',
        docId: null,
        parentUuid: null,
      },
    ]
  }
  const ids = action.docIds ?? []
  if (ids.length === 0) throw invalid('doc_ids is required to create a DOC node')
  const docs = docsOf(state, book)
  return ids.map((id) => {
    const doc = docs.find((candidate) => candidate.id === id)
    if (doc === undefined) throw invalid(`doc_ids: document ${id} is not in this repository`)
    return { ...base, uuid: state.nextUuid(), type, title: doc.title, docId: id, parentUuid: null }
  })
}

function insert(state: ModelState, book: Book, nodes: TocNode[], action: TocAction): TocNode[] {
  let block: TocNode[]
  let rest = nodes
  if (action.nodeUuid === undefined) {
    if (action.action === 'prependNode' && action.actionMode === 'sibling') {
      throw invalid(
        'prependNode with action_mode sibling cannot create a node (创建场景下不支持同级头插)',
      )
    }
    block = createdNodes(state, book, action)
  } else {
    if (action.targetUuid === undefined) throw invalid('target_uuid is required to move a node')
    const [start, end] = blockOf(nodes, action.nodeUuid)
    block = nodes.slice(start, end)
    if (block.some((node) => node.uuid === action.targetUuid)) {
      throw invalid('a node cannot move under or beside itself')
    }
    rest = [...nodes.slice(0, start), ...nodes.slice(end)]
  }
  const { index, parent } = placement(rest, action)
  const [head, ...tail] = block
  if (head === undefined) return rest
  return [...rest.slice(0, index), { ...head, parentUuid: parent }, ...tail, ...rest.slice(index)]
}

function edit(nodes: TocNode[], action: TocAction): TocNode[] {
  const uuid = action.nodeUuid
  if (uuid === undefined) throw invalid('node_uuid is required to edit a node')
  blockOf(nodes, uuid)
  return nodes.map((node) =>
    node.uuid !== uuid
      ? node
      : {
          ...node,
          type: action.type ?? node.type,
          title: action.title ?? node.title,
          url: action.url ?? node.url,
          openWindow: action.openWindow ?? node.openWindow,
          visible: action.visible ?? node.visible,
        },
  )
}

/** Removing a node never deletes its document (the document says so). */
function remove(nodes: TocNode[], action: TocAction): TocNode[] {
  const uuid = action.nodeUuid
  if (uuid === undefined) throw invalid('node_uuid is required to remove a node')
  const [start, end] = blockOf(nodes, uuid)
  if (action.actionMode === 'child') return [...nodes.slice(0, start), ...nodes.slice(end)]
  const parent = nodes[start]?.parentUuid ?? null
  return nodes
    .filter((node) => node.uuid !== uuid)
    .map((node) => (node.parentUuid === uuid ? { ...node, parentUuid: parent } : node))
}

export function updateToc(
  state: ModelState,
  viewerId: number,
  ref: BookRef,
  action: TocAction,
): TocEntry[] {
  const book = writableBook(state, viewerId, ref)
  if (action.actionMode === undefined) throw invalid('action_mode is required (sibling or child)')
  const nodes = state.tocs.get(book.id) ?? []
  const next =
    action.action === 'editNode'
      ? edit(nodes, action)
      : action.action === 'removeNode'
        ? remove(nodes, action)
        : insert(state, book, nodes, action)
  state.tocs.set(book.id, next)
  book.contentUpdatedAt = state.now()
  return entriesOf(state, book)
}

/** Drops a deleted document's nodes; their children move up, as with removeNode sibling. */
export function detachDoc(state: ModelState, book: Book, docId: number): void {
  let nodes = state.tocs.get(book.id) ?? []
  for (const node of nodes.filter((candidate) => candidate.docId === docId)) {
    nodes = remove(nodes, { action: 'removeNode', actionMode: 'sibling', nodeUuid: node.uuid })
  }
  state.tocs.set(book.id, nodes)
}

/**
 * A whole table of contents from an outline (toc-markdown.ts, the `toc` field of a repository's
 * PUT): each document is resolved first, by slug or id among the repository's own, so a wrong
 * one changes nothing; the caller puts the nodes in place.
 */
export function tocFromOutline(state: ModelState, book: Book, items: OutlineItem[]): TocNode[] {
  const docs = docsOf(state, book)
  const docIds = items.map((item) => {
    if (item.target.kind !== 'doc') return null
    const { key } = item.target
    const doc = docs.find((candidate) => candidate.slug === key || String(candidate.id) === key)
    if (doc === undefined) {
      throw invalid(`the field "toc", line ${item.line}: no document "${key}" in this repository`)
    }
    return doc.id
  })
  /** The node last placed at each level: the parent of the next level's nodes. */
  const open: string[] = []
  return items.map((item, i): TocNode => {
    const uuid = state.nextUuid()
    const parentUuid = item.level === 0 ? null : (open[item.level - 1] ?? null)
    open.length = item.level
    open.push(uuid)
    const { target } = item
    return {
      uuid,
      type: target.kind === 'doc' ? 'DOC' : target.kind === 'link' ? 'LINK' : 'TITLE',
      title: item.title,
      url: target.kind === 'link' ? target.url : '',
      docId: docIds[i] ?? null,
      parentUuid,
      // As the seed's links (create-model.ts): a link opens in a new window.
      openWindow: target.kind === 'link' ? 1 : 0,
      visible: 1,
    }
  })
}
