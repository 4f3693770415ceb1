import { useQuery } from '@tanstack/react-query'
import type { Group, Repo, User } from '../../protocol/schemas'
import { apiCall } from '../lib/api-call'
import { REPO_LIST_BY_USER } from '../../protocol/endpoint-rows-account'
import { GROUP_LIST_BY_USER } from '../../protocol/endpoint-rows-account'
import { GROUPS_USE, REPOS_USE } from '../scopes/scope-uses'
import { groupQueries, repoQueries } from '../users/user-list-queries'
import { ScopedPanel, type ConnectedSession } from './scoped-panel'

const countFormat = new Intl.NumberFormat()

const VISIBILITY: Record<0 | 1 | 2, string> = { 0: 'private', 1: 'public', 2: 'space' }

function RepoItem({ repo }: { repo: Repo }) {
  return (
    <>
      <p className="panel-item-name">
        <span className="truncate">{repo.name}</span>
        <span className="chip chip-muted">{VISIBILITY[repo.public]}</span>
      </p>
      <p className="panel-item-meta">
        <span className="mono">{repo.namespace}</span> · {countFormat.format(repo.items_count)}{' '}
        {repo.items_count === 1 ? 'document' : 'documents'}
      </p>
    </>
  )
}

function GroupItem({ group }: { group: Group }) {
  return (
    <>
      <p className="panel-item-name">
        <span className="truncate">{group.name}</span>
        {group.public !== undefined && (
          <span className="chip chip-muted">{VISIBILITY[group.public]}</span>
        )}
      </p>
      <p className="panel-item-meta">
        <span className="mono">@{group.login}</span>
        {group.members_count !== undefined &&
          ` · ${countFormat.format(group.members_count)} ${group.members_count === 1 ? 'member' : 'members'}`}
      </p>
    </>
  )
}

/**
 * The two panels that need a scope. Each asks as soon as the profile gives it its key (the
 * login, the id), both at once: session → GET /user → (repos ∥ groups).
 */
export function ProfilePanels({ user, session }: { user: User | null; session: ConnectedSession }) {
  const repos = useQuery({ ...repoQueries.byUser(user?.login ?? ''), enabled: user !== null })
  const groups = useQuery({ ...groupQueries.byUser(user?.id ?? 0), enabled: user !== null })
  return (
    <div className="profile-panels">
      <ScopedPanel<Repo>
        use={REPOS_USE}
        title="Your repositories"
        what="repositories"
        request={user === null ? null : apiCall(REPO_LIST_BY_USER, { login: user.login }).line}
        query={user === null ? null : repos}
        session={session}
        emptyText="No repositories yet."
        itemKey={(repo) => repo.id}
        renderItem={(repo) => <RepoItem repo={repo} />}
      />
      <ScopedPanel<Group>
        use={GROUPS_USE}
        title="Your teams"
        what="teams"
        request={user === null ? null : apiCall(GROUP_LIST_BY_USER, { id: user.id }).line}
        query={user === null ? null : groups}
        session={session}
        emptyText="Not a member of any team yet."
        itemKey={(group) => group.id}
        renderItem={(group) => <GroupItem group={group} />}
      />
    </div>
  )
}
