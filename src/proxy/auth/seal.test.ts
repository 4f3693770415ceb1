import { describe, expect, it } from 'vitest'
import { createSealer } from './seal'

describe('createSealer', () => {
  let now = Date.parse('2026-01-01T00:00:00Z')
  const sealer = createSealer('s'.repeat(40), () => now)

  it('round-trips a payload without showing it', async () => {
    const sealed = await sealer.seal('session', { accessToken: 'emu_at_secret' }, 60)
    expect(sealed).not.toContain('emu_at_secret')
    expect(Buffer.from(sealed.split('.').join(''), 'base64url').toString('latin1')).not.toContain(
      'emu_at_secret',
    )
    await expect(sealer.unseal('session', sealed)).resolves.toMatchObject({
      accessToken: 'emu_at_secret',
    })
  })

  it('refuses a value sealed for another purpose', async () => {
    const sealed = await sealer.seal('transaction', { state: 'x' }, 60)
    await expect(sealer.unseal('session', sealed)).resolves.toBeNull()
  })

  it('refuses a tampered value', async () => {
    const sealed = await sealer.seal('session', { a: 1 }, 60)
    const last = sealed.at(-2) === 'A' ? 'B' : 'A'
    await expect(
      sealer.unseal('session', `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`),
    ).resolves.toBeNull()
    await expect(sealer.unseal('session', 'garbage')).resolves.toBeNull()
  })

  it('refuses a value sealed with another secret', async () => {
    const other = createSealer('o'.repeat(40), () => now)
    await expect(
      sealer.unseal('session', await other.seal('session', { a: 1 }, 60)),
    ).resolves.toBeNull()
  })

  it('refuses an expired value', async () => {
    const sealed = await sealer.seal('session', { a: 1 }, 60)
    now += 61_000
    await expect(sealer.unseal('session', sealed)).resolves.toBeNull()
  })

  it('refuses a value whose base64url is not canonical, though it decodes to the same bytes', async () => {
    const sealed = await sealer.seal('session', { a: 1 }, 60)
    const parts = sealed.split('.')
    // The tag: 16 bytes, 22 characters, so the last one carries 4 bits that decode to nothing.
    const tag = parts[4] ?? ''
    expect(tag).toHaveLength(22)
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const twin = alphabet[alphabet.indexOf(tag.at(-1) ?? '') ^ 1] ?? ''
    const variant = [...parts.slice(0, 4), `${tag.slice(0, -1)}${twin}`].join('.')
    expect(Buffer.from(variant.split('.')[4] ?? '', 'base64url')).toEqual(
      Buffer.from(tag, 'base64url'),
    )
    await expect(sealer.unseal('session', variant)).resolves.toBeNull()
    await expect(sealer.unseal('session', `${sealed}=`)).resolves.toBeNull()
    await expect(sealer.unseal('session', sealed)).resolves.toEqual(
      expect.objectContaining({ a: 1 }),
    )
  })
})
