/**
 * The open operation's inputs: React state owns the text while the operation is open, and the
 * address follows it (replace, no history entry, a moment after the typing stops), so a shared
 * link and the Grant round trip still reproduce the form. The value is never read back from the
 * address while it is typed: that sent the caret to the end of the text and broke input methods
 * (e2e/explorer-typing.spec.ts). During an IME composition nothing is written at all
 * (UI Events, composition events: the text is not final until `compositionend`).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { Endpoint } from '../../protocol/endpoints'
import { readInputs, writeInputs, type ExplorerInputs } from './explorer-state'

/** Long enough to write once per burst of typing (browsers throttle replaceState), short enough to feel live. */
const WRITE_DELAY_MS = 250

export interface ExplorerInputsState {
  inputs: ExplorerInputs
  setInputs: (update: (inputs: ExplorerInputs) => ExplorerInputs) => void
  /** The search params of the form as it is now (for Grant's return, before the address caught up). */
  currentSearch: () => string
  /** Spread on the form: composition events bubble from every field. */
  compositionProps: {
    onCompositionStart: () => void
    onCompositionEnd: () => void
  }
}

export function useExplorerInputs(
  endpoint: Endpoint,
  prefill: (inputs: ExplorerInputs) => ExplorerInputs,
): ExplorerInputsState {
  const [searchParams, setSearchParams] = useSearchParams()
  const [inputs, setInputsState] = useState(() => prefill(readInputs(searchParams)))
  const latest = useRef(inputs)
  /** What this hook last wrote (or read): any other address is a navigation to follow. */
  const written = useRef(searchParams.toString())
  const composing = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const flush = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = undefined
    if (composing.current) return
    const next = writeInputs(endpoint.id, latest.current)
    if (next.toString() === written.current) return
    written.current = next.toString()
    setSearchParams(next, { replace: true, preventScrollReset: true })
  }, [endpoint.id, setSearchParams])

  const schedule = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = setTimeout(flush, WRITE_DELAY_MS)
  }, [flush])

  const setInputs = useCallback(
    (update: (inputs: ExplorerInputs) => ExplorerInputs) => {
      setInputsState((current) => {
        const next = update(current)
        latest.current = next
        return next
      })
      schedule()
    },
    [schedule],
  )

  // The first render's prefill (the session's login, a value picked from a response) goes to
  // the address too, so the link of the page is the request as it stands.
  useEffect(() => {
    schedule()
    return () => clearTimeout(timer.current)
  }, [schedule])

  // Someone else changed the address (a history entry reopened, the same operation chosen again,
  // Back): the form follows that navigation, once.
  const search = searchParams.toString()
  useEffect(() => {
    if (search === written.current) return
    written.current = search
    const next = readInputs(new URLSearchParams(search))
    latest.current = next
    setInputsState(next)
  }, [search])

  return {
    inputs,
    setInputs,
    currentSearch: () => writeInputs(endpoint.id, latest.current).toString(),
    compositionProps: {
      onCompositionStart: () => {
        composing.current = true
        clearTimeout(timer.current)
      },
      onCompositionEnd: () => {
        composing.current = false
        schedule()
      },
    },
  }
}
