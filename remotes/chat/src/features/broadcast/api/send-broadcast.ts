import { broadcastEnvelope, type ApiClient, type Broadcast, type BroadcastSendBody } from '@cove/contracts';

/** `POST /v1/broadcast/send`: the broadcast as the server starts (or schedules) it. */
export async function sendBroadcast(api: ApiClient, body: BroadcastSendBody): Promise<Broadcast> {
  return (await api.post('/v1/broadcast/send', body, { schema: broadcastEnvelope })).data;
}
