/**
 * Tag group (and the user's teams): team lists, members and their roles. Only a team admin
 * changes or removes members (model/teams.ts).
 */
import { membersOf, removeMember, setMemberRole, teamsOfUser } from '../model/teams'
import { createSubApp, queryOf, type ApiKit, bodyFieldsOf } from './kit'
import { memberShape, teamShape } from './shapes'

/** The document's page size for team lists (no limit parameter). */
const PAGE = 100

export function createGroupApi(kit: ApiKit) {
  const app = createSubApp()
  const { state, origin } = kit

  app.get(...kit.route('group.listByUser'), (c) => {
    const query = queryOf(c)
    const role = query.int('role', { oneOf: [0, 1] as const }) as 0 | 1 | undefined
    const offset = query.int('offset', { min: 0 }) ?? 0
    const teams = teamsOfUser(state, kit.caller(c).user.id, c.req.param('id') ?? '', role)
    const data = teams
      .slice(offset, offset + PAGE)
      .map(({ team }) => teamShape(state, team, origin))
    return c.json({ data })
  })

  app.get(...kit.route('group.members'), (c) => {
    const query = queryOf(c)
    const role = query.int('role', { oneOf: [0, 1, 2] as const }) as 0 | 1 | 2 | undefined
    const offset = query.int('offset', { min: 0 }) ?? 0
    const { team, members } = membersOf(
      state,
      kit.caller(c).user.id,
      c.req.param('login') ?? '',
      role,
    )
    const data = members
      .slice(offset, offset + PAGE)
      .map((m) => memberShape(state, team, m, origin))
    return c.json({ data })
  })

  app.put(...kit.route('group.updateMember'), async (c) => {
    const fields = await bodyFieldsOf(c)
    const role = fields.int('role', [0, 1, 2] as const) ?? 1
    const login = c.req.param('login') ?? ''
    const { team, membership } = setMemberRole(
      state,
      kit.caller(c).user.id,
      login,
      c.req.param('id') ?? '',
      role,
    )
    return c.json({ data: memberShape(state, team, membership, origin) })
  })

  app.delete(...kit.route('group.removeMember'), (c) => {
    const login = c.req.param('login') ?? ''
    const userId = removeMember(state, kit.caller(c).user.id, login, c.req.param('id') ?? '')
    return c.json({ data: { user_id: String(userId) } })
  })

  return app
}
