import { contactResponse, contactTokenResponse, type ContactBody } from '../../../contract/contact';
import { api } from '../api';
import { contact, pathTo } from '../../../contract/routes';

/** GET /v1/contact-us/token — a short-lived token for one message, and the captcha's configuration. */
export const fetchContactToken = () =>
  api.request(pathTo(contact.token), { schema: contactTokenResponse, auth: 'none' });

/** POST /v1/contact-us with the contact token as Bearer. */
export const sendContactMessage = (token: string, body: ContactBody) =>
  api.request(pathTo(contact.send), {
    method: 'POST',
    body,
    schema: contactResponse,
    auth: 'none',
    headers: { Authorization: `Bearer ${token}` },
  });
