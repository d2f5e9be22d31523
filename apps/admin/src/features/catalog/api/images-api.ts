import { ProblemResponse } from '@app/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/auth.ts';

/** POST api/admin/tenants/{tenantId}/ImagesHandler/images: multipart field `file`, 201 with the url. */
export async function uploadImage(
  tenantId: string,
  image: Blob,
  fileName: string,
): Promise<string> {
  const form = new FormData();
  form.append('file', image, fileName);
  const token = await getAccessToken();
  let res: Response;
  try {
    // The shared client speaks JSON only; a multipart body goes out here, with the same token.
    res = await fetch(`/api/admin/tenants/${encodeURIComponent(tenantId)}/ImagesHandler/images`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}`, accept: 'application/json' } : {},
      body: form,
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  const json = (await res.json().catch(() => undefined)) as
    { results?: { url?: string } } | undefined;
  if (res.status !== 201 || typeof json?.results?.url !== 'string') {
    const problem = ProblemResponse.safeParse(json);
    throw new ApiError(
      res.status,
      problem.success ? problem.data.error.message : res.statusText,
      problem.data?.error.code,
    );
  }
  return json.results.url;
}
