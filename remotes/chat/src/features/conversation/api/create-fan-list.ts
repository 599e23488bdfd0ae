import { fanListEnvelope, type ApiClient } from '@cove/contracts';

/** `POST /v1/fan-lists`: a new named list. */
export const createFanList = async (api: ApiClient, name: string) =>
  (await api.post('/v1/fan-lists', { name }, { schema: fanListEnvelope })).data;
