/** Tag user: the caller, the heartbeat and the public user lookup (docs/service.md#endpoints). */
import { EmulatorError } from '../emulator-error'
import { userByKey } from '../model/state'
import { userEnvelope } from './envelope'
import { userRecordOf } from './shapes'
import { createSubApp, type ApiKit } from './kit'

export function createUserApi(kit: ApiKit) {
  const app = createSubApp()

  app.get(...kit.route('user.me'), (c) => {
    return c.json({ data: userRecordOf(kit.state, kit.caller(c).user, kit.origin) })
  })

  app.get(...kit.route('user.hello'), (c) => {
    return c.json({ data: { message: `Hello ${kit.caller(c).user.name}` } })
  })

  app.get(...kit.route('user.show'), (c) => {
    const user = userByKey(kit.state, c.req.param('login') ?? '')
    if (user === undefined) throw new EmulatorError(404, 'User not found')
    return c.json(userEnvelope(userRecordOf(kit.state, user, kit.origin)))
  })

  return app
}
