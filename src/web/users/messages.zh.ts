import type { usersMessages } from './messages'
import { parts } from '../lib/text-parts'

export const usersMessagesZh: typeof usersMessages = {
  documentTitle: (p) => `${p.key} · 语雀 OAuth 演练场`,
  documentTitleEmpty: '用户 · 语雀 OAuth 演练场',
  heading: '查找用户',
  lede: '：按登录名（login）或数字 ID 查询，只返回公开信息。',
  label: '登录名或数字 ID',
  placeholder: 'alice 或 1',
  submit: '查找',
  hint: '公开数据：规范中无需连接即可查询；真实服务要求先连接账号。纯数字表示 ID。登录名是个人主页地址中 yuque.com/ 之后的部分。',
  problemEmpty: '请输入登录名（如 alice）或数字 ID。',
  problemBadId: (p) => `“${p.value}”不是有效的 ID：ID 是正整数。`,
  problemTooLong: '登录名最多 64 个字符。',
  problemDisplayName: (p) =>
    `“${p.value}”不是有效的登录名：这看起来是用户昵称。登录名是个人主页地址中 yuque.com/ 之后的部分（yuque.com/alice 的登录名是 alice），只能包含字母、数字、“-”和“_”。`,
  problemBadLogin: (p) =>
    `“${p.value}”不是有效的登录名：只能包含字母、数字、“-”和“_”。登录名是个人主页地址中 yuque.com/ 之后的部分。`,
  invalidInAddressTitle: '不是有效的登录名或 ID',
  nothingRequested: '没有发出任何请求。',
  demoUsersLead: '内置模拟服务中有这些演示用户：',
  listSeparator: '、',
  nameOpen: '（',
  nameClose: '）',
  describeId: (p) => `ID 为 ${p.id}`,
  describeLogin: (p) => `登录名为“${p.login}”`,
  notFoundTitle: (p) => `没有${p.key}的用户`,
  notFoundDetailId: (p) => parts('服务返回 404（', p.message, '）。请检查数字，或改用登录名查询。'),
  notFoundDetailLogin: (p) =>
    parts('服务返回 404（', p.message, '）。请检查拼写，或改用数字 ID 查询。'),
  tokenRequiredTitle: '需要先连接账号',
  tokenRequiredDetail: (p) =>
    parts(
      '该服务要求连接账号后才能查询用户。这次查询没有携带令牌，服务返回 401（',
      p.message,
      '）；连接后，演练场会随查询发送你的令牌。',
    ),
  connect: '连接',
  found: (p) => `已找到 ${p.name}（@${p.login}）。`,
}
