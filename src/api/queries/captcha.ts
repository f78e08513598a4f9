import { queryOptions } from '@tanstack/react-query';
import { captchaConfig } from '../../../contract/captcha';
import { api } from '../api';
import { captcha, pathTo } from '../../../contract/routes';

/** GET /v1/captcha/config — which bot protection the forms use (it changes only with the server's settings). */
export const captchaConfigQuery = () =>
  queryOptions({
    queryKey: ['captcha', 'config'] as const,
    queryFn: ({ signal }) => api.request(pathTo(captcha.config), { schema: captchaConfig, auth: 'none', signal }),
    staleTime: Infinity,
  });
