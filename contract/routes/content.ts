import { get } from './call';

export const content = {
  config: get('/v1/content/config'),
  stories: get('/v1/content/cdn/stories'),
  story: get('/v1/content/cdn/stories/*'),
  links: get('/v1/content/cdn/links'),
};
