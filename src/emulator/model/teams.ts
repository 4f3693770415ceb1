/** Teams (V2Group) and their members (V2GroupUser): who belongs where, and role changes. */
import { canSeeTeam, roleIn, userByKey, visibleTeam, type ModelState } from './state'
import { ModelError, missing, type Membership, type Role, type Team } from './types'

/** The teams a user belongs to, optionally with one role, that the viewer may see. */
export function teamsOfUser(
  state: ModelState,
  viewerId: number,
  userKey: string,
  role: Role | undefined,
): { team: Team; membership: Membership }[] {
  const user = userByKey(state, userKey)
  if (user === undefined) throw missing('User')
  return state.teams.flatMap((team) => {
    const membership = team.members.find((member) => member.userId === user.id)
    if (membership === undefined || !canSeeTeam(team, viewerId)) return []
    if (role !== undefined && membership.role !== role) return []
    return [{ team, membership }]
  })
}

export function membersOf(
  state: ModelState,
  viewerId: number,
  login: string,
  role: Role | undefined,
): { team: Team; members: Membership[] } {
  const team = visibleTeam(state, viewerId, login)
  const members = team.members.filter((member) => role === undefined || member.role === role)
  return { team, members }
}

/** Only a team admin (role 0) changes or removes members; the last admin stays. */
function adminTeam(state: ModelState, viewerId: number, login: string): Team {
  const team = visibleTeam(state, viewerId, login)
  if (roleIn(team, viewerId) !== 0) {
    throw new ModelError(
      'denied',
      `Only an admin of the team "${team.login}" may change its members.`,
    )
  }
  return team
}

function memberUserId(state: ModelState, key: string): number {
  const user = userByKey(state, key)
  if (user === undefined) throw missing('User')
  return user.id
}

function keepsAnAdmin(team: Team, members: Membership[]): void {
  if (!members.some((member) => member.role === 0)) {
    throw new ModelError('invalid', `The team "${team.login}" would have no admin left.`)
  }
}

/** Sets a member's role, adding the user when they are not a member yet. */
export function setMemberRole(
  state: ModelState,
  viewerId: number,
  login: string,
  userKey: string,
  role: Role,
): { team: Team; membership: Membership } {
  const team = adminTeam(state, viewerId, login)
  const userId = memberUserId(state, userKey)
  const now = state.now()
  const existing = team.members.find((member) => member.userId === userId)
  const membership: Membership = existing
    ? { ...existing, role, updatedAt: now }
    : { userId, role, createdAt: now, updatedAt: now }
  const members = [...team.members.filter((member) => member.userId !== userId), membership]
  keepsAnAdmin(team, members)
  team.members = existing ? team.members.map((m) => (m === existing ? membership : m)) : members
  return { team, membership }
}

export function removeMember(
  state: ModelState,
  viewerId: number,
  login: string,
  userKey: string,
): number {
  const team = adminTeam(state, viewerId, login)
  const userId = memberUserId(state, userKey)
  if (roleIn(team, userId) === null) throw missing('Member')
  const members = team.members.filter((member) => member.userId !== userId)
  keepsAnAdmin(team, members)
  team.members = members
  return userId
}
