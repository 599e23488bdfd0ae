import { fanAndCreator } from './helpers/chats';
import { appForFile } from './helpers/file-app';
import { openSocket, type Received, wsBase } from './helpers/socket';

const t = appForFile();
let base: string;
beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = wsBase(t.app);
});

it("relays a socket's typing to the chat's other member, named as its sender", async () => {
  const { fan, creator, chatId } = await fanAndCreator(t);
  const creatorSocket = openSocket(base, creator.token);
  const fanSocket = openSocket(base, fan.token);
  await Promise.all([creatorSocket, fanSocket].map((s) => s.until((m) => m.type === 'init')));
  fanSocket.ws.send(JSON.stringify({ type: 'typing_start', chat_id: chatId }));
  const got = (await creatorSocket.until((m) => m.type === 'typing_start')) as Received & {
    chat_id?: string;
    sender_id?: string;
  };
  expect(got).toMatchObject({ chat_id: chatId, sender_id: fan.user.id });
  fanSocket.ws.close();
  creatorSocket.ws.close();
});
