import { fanListEnvelope, type ApiClient } from '@cove/contracts';

/** `PATCH /v1/fan-lists/{id}`: a list's new name. */
export const renameFanList = async (api: ApiClient, id: string, name: string) =>
  (await api.patch(`/v1/fan-lists/${id}`, { name }, { schema: fanListEnvelope })).data;
