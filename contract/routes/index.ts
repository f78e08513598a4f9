/**
 * Every API call, declared once (decision 0055): method and path here, zod-free, for the app and the offline engine
 * to build paths with `pathTo`; their schemas in `./schemas/`, for the server to register and document them.
 */
export { pathTo, type Call, type Method, type PathParams } from './call';
export { auth } from './auth';
export { calendar } from './calendar';
export { captcha } from './captcha';
export { cart } from './cart';
export { catalog } from './catalog';
export { checkout } from './checkout';
export { companies } from './companies';
export { companyProducts } from './company-products';
export { contact } from './contact';
export { content } from './content';
export { customer } from './customer';
export { customers } from './customers';
export { mailbox } from './dev';
export { devClock } from './dev-clock';
export { inventory } from './inventory';
export { newsletter } from './newsletter';
export { orders } from './orders';
export { popular } from './popular';
export { prices } from './prices';
export { purchaseLists } from './purchase-lists';
export { search } from './search';
export { site } from './site';
export { sync } from './sync';
