import type { profileMessages } from './messages'

export const profileMessagesZh: typeof profileMessages = {
  documentTitle: '个人资料 · 语雀 OAuth 演练场',
  heading: '我的资料',
  lede: '：令牌所属的账号。除公开只读外无需其他权限范围（scope）；下面每个面板各需要一个。',
  connectFirstWhat: '个人资料',
  reposTitle: '我的知识库',
  reposWhat: '知识库',
  reposEmpty: '还没有知识库。',
  groupsTitle: '我的团队',
  groupsWhat: '团队',
  groupsEmpty: '还没有加入任何团队。',
  visibility: { 0: '私密', 1: '公开', 2: '空间内可见' },
  documents: (p) => `${p.formatted} 篇文档`,
  members: (p) => `${p.formatted} 名成员`,
  loadingPanel: (p) => `正在加载${p.what}…`,
  needs: '需要',
  tokenHasIt: '令牌已具备',
  tokenLacksIt: '令牌缺少此权限',
  tokenLabel: '令牌：',
  fromHeader: '来自 X-OAuth-Scopes',
  fromSession: '来自会话（尚无响应头）',
  noScopes: '无任何 scope',
  grantTitle: (p) => <>需要 {p.missing}</>,
  grantDetail: (p) => (
    <>
      服务返回 {p.status}：令牌持有 {p.held}，不包含 {p.missing}。你的会话正常，只有{p.what}
      需要这个权限范围。
    </>
  ),
  declinedOnConsent: '你在连接时申请了它，随后在授权页取消了勾选。',
  opening: '正在打开授权页…',
  grant: (p) => `授权 ${p.missing}`,
  grantHint: (p) => (
    <>
      发起一次新的授权，申请 {p.scopes}：即令牌现有的权限加上 {p.missing}。完成后会回到此页。
    </>
  ),
  cannotRequest: '此应用无法申请它：演练场不认识这个权限范围，或它需要服务运营方开通。',
}
