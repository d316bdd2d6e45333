// `npm run shop -- <command>`: the back office from a terminal, on the database the API's configuration names.
//   orders [--status S] [--limit N]   the latest orders, newest first
//   status <orderId> <status>         moves an order as the shop may (Cancelled puts its pairs back); the change is kept
//   returns [--status S] [--limit N]  the latest return and exchange requests, newest first
//   return <returnId> <action>        approve, refuse, received or close a request (the change is kept)
//   stock <productId> <size> <count|untracked>   sets the pairs on hand of one size, or stops counting it
//   stock --low [threshold]           the counted sizes with at most that many pairs left, lowest first
//   admin-password                    reads a password (typed twice, or piped) and prints its hash for ADMIN_PASSWORD_HASH
import { userInfo } from 'node:os';
import { runShopCommand } from './shop-commands.js';

process.exitCode = await runShopCommand(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  username: userInfo().username,
});
