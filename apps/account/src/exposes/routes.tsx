import '../i18n-namespace.ts';
import { page, pageRoutes } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { UnavailablePage } from '../routes/unavailable-page.tsx';

/**
 * The account remote's pages: the one place each is declared (see docs/front-end.md). Each page is its own chunk:
 * opening Login does not download Mine. The two location pages wait for a later issue and say so.
 */
export const PAGES = [
  page({
    path: '/pages/login/login',
    load: () => import(/* webpackChunkName: "page-pages-login-login" */ '../routes/login-page.tsx'),
    head: { kind: 'auth', texts: ['login.title', 'login.subtitle'] },
  }),
  page({
    path: '/pages/login/register',
    load: () => import(/* webpackChunkName: "page-pages-login-register" */ '../routes/register-page.tsx'),
  }),
  page({
    path: '/pages/login/forgetpwd',
    load: () => import(/* webpackChunkName: "page-pages-login-forgetpwd" */ '../routes/forgot-password-page.tsx'),
  }),
  page({
    path: '/pages/public/agreement',
    load: () => import(/* webpackChunkName: "page-pages-public-agreement" */ '../routes/agreement-page.tsx'),
  }),
  page({
    path: '/pages/user/user',
    load: () => import(/* webpackChunkName: "page-pages-user-user" */ '../routes/mine-page.tsx'),
  }),
  page({
    path: '/pages/user/info',
    load: () => import(/* webpackChunkName: "page-pages-user-info" */ '../routes/user-info-page.tsx'),
  }),
  page({
    path: '/pages/user/security',
    load: () => import(/* webpackChunkName: "page-pages-user-security" */ '../routes/security-page.tsx'),
  }),
  page({
    path: '/pages/user/authenticator',
    load: () => import(/* webpackChunkName: "page-pages-user-authenticator" */ '../routes/authenticator-page.tsx'),
  }),
  page({
    path: '/pages/user/passkeys',
    load: () => import(/* webpackChunkName: "page-pages-user-passkeys" */ '../routes/passkeys-page.tsx'),
  }),
  page({
    path: '/pages/user/antiphishing',
    load: () => import(/* webpackChunkName: "page-pages-user-antiphishing" */ '../routes/anti-phishing-page.tsx'),
  }),
  page({
    path: '/pages/user/allowlist',
    load: () => import(/* webpackChunkName: "page-pages-user-allowlist" */ '../routes/allowlist-page.tsx'),
  }),
  page({
    path: '/pages/user/close',
    load: () => import(/* webpackChunkName: "page-pages-user-close" */ '../routes/close-account-page.tsx'),
  }),
  page({
    path: '/pages/user/limits',
    load: () => import(/* webpackChunkName: "page-pages-user-limits" */ '../routes/limits-page.tsx'),
  }),
  page({
    path: '/pages/user/cases',
    load: () => import(/* webpackChunkName: "page-pages-user-cases" */ '../routes/cases-page.tsx'),
  }),
  page({
    path: '/pages/user/contest',
    load: () => import(/* webpackChunkName: "page-pages-user-contest" */ '../routes/contest-page.tsx'),
  }),
  page({
    path: '/pages/user/setpassword',
    load: () => import(/* webpackChunkName: "page-pages-user-setpassword" */ '../routes/set-password-page.tsx'),
  }),
  page({
    path: '/pages/user/setfundpassword',
    load: () =>
      import(/* webpackChunkName: "page-pages-user-setfundpassword" */ '../routes/set-fund-password-page.tsx'),
  }),
  page({
    path: '/pages/user/language',
    load: () => import(/* webpackChunkName: "page-pages-user-language" */ '../routes/language-page.tsx'),
  }),
  page({
    path: '/pages/user/display',
    load: () => import(/* webpackChunkName: "page-pages-user-display" */ '../routes/display-page.tsx'),
  }),
  page({
    path: '/pages/user/notifications',
    load: () => import(/* webpackChunkName: "page-pages-user-notifications" */ '../routes/notifications-page.tsx'),
  }),
  page({
    path: '/pages/user/invite',
    load: () => import(/* webpackChunkName: "page-pages-user-invite" */ '../routes/invite-page.tsx'),
  }),
  page({
    path: '/pages/user/auth',
    load: () => import(/* webpackChunkName: "page-pages-user-auth" */ '../routes/real-name-page.tsx'),
  }),
  page({
    path: '/pages/user/poster',
    load: () => import(/* webpackChunkName: "page-pages-user-poster" */ '../routes/poster-page.tsx'),
  }),
  page({
    path: '/pages/customer/customer',
    load: () => import(/* webpackChunkName: "page-pages-customer-customer" */ '../routes/customer-page.tsx'),
  }),
  page({
    path: '/pages/download/download',
    load: () => import(/* webpackChunkName: "page-pages-download-download" */ '../routes/download-page.tsx'),
  }),
  page({
    path: '/pages/user/message',
    load: () => import(/* webpackChunkName: "page-pages-user-message" */ '../routes/message-page.tsx'),
  }),
  page({
    path: '/pages/user/notice',
    load: () => import(/* webpackChunkName: "page-pages-user-notice" */ '../routes/notice-page.tsx'),
  }),
  page({
    path: '/pages/news/news',
    load: () => import(/* webpackChunkName: "page-pages-news-news" */ '../routes/news-page.tsx'),
  }),
  page({
    path: '/pages/news/details',
    load: () => import(/* webpackChunkName: "page-pages-news-details" */ '../routes/news-details-page.tsx'),
  }),
  page({
    path: '/pages/activitycenter/activitycenter',
    load: () =>
      import(/* webpackChunkName: "page-pages-activitycenter-activitycenter" */ '../routes/activity-center-page.tsx'),
  }),
  page({
    path: '/pages/activitycenter/activitylist',
    load: () =>
      import(/* webpackChunkName: "page-pages-activitycenter-activitylist" */ '../routes/activity-list-page.tsx'),
  }),
  page({
    path: '/pages/user/activityCenter',
    load: () =>
      import(/* webpackChunkName: "page-pages-user-activitycenter" */ '../routes/user-activity-center-page.tsx'),
  }),
  page({ path: '/choose-location', component: UnavailablePage, props: { titleKey: 'titles.chooseLocation' } }),
  page({ path: '/open-location', component: UnavailablePage, props: { titleKey: 'titles.openLocation' } }),
];

export default pageRoutes(PAGES, NS);
