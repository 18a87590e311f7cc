import '../i18n-namespace.ts';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Delayed, Spinner } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { UnavailablePage } from '../routes/unavailable-page.tsx';

/* Each page is its own chunk: opening Login does not download Mine. */
const LoginPage = lazy(() => import(/* webpackChunkName: "page-pages-login-login" */ '../routes/login-page.tsx'));
const RegisterPage = lazy(
  () => import(/* webpackChunkName: "page-pages-login-register" */ '../routes/register-page.tsx'),
);
const ForgotPasswordPage = lazy(
  () => import(/* webpackChunkName: "page-pages-login-forgetpwd" */ '../routes/forgot-password-page.tsx'),
);
const AgreementPage = lazy(
  () => import(/* webpackChunkName: "page-pages-public-agreement" */ '../routes/agreement-page.tsx'),
);
const MinePage = lazy(() => import(/* webpackChunkName: "page-pages-user-user" */ '../routes/mine-page.tsx'));
const UserInfoPage = lazy(() => import(/* webpackChunkName: "page-pages-user-info" */ '../routes/user-info-page.tsx'));
const SecurityPage = lazy(
  () => import(/* webpackChunkName: "page-pages-user-security" */ '../routes/security-page.tsx'),
);
const SetPasswordPage = lazy(
  () => import(/* webpackChunkName: "page-pages-user-setpassword" */ '../routes/set-password-page.tsx'),
);
const SetFundPasswordPage = lazy(
  () => import(/* webpackChunkName: "page-pages-user-setfundpassword" */ '../routes/set-fund-password-page.tsx'),
);
const LanguagePage = lazy(
  () => import(/* webpackChunkName: "page-pages-user-language" */ '../routes/language-page.tsx'),
);
const DisplayPage = lazy(() => import(/* webpackChunkName: "page-pages-user-display" */ '../routes/display-page.tsx'));
const InvitePage = lazy(() => import(/* webpackChunkName: "page-pages-user-invite" */ '../routes/invite-page.tsx'));
const RealNamePage = lazy(() => import(/* webpackChunkName: "page-pages-user-auth" */ '../routes/real-name-page.tsx'));
const PosterPage = lazy(() => import(/* webpackChunkName: "page-pages-user-poster" */ '../routes/poster-page.tsx'));
const CustomerPage = lazy(
  () => import(/* webpackChunkName: "page-pages-customer-customer" */ '../routes/customer-page.tsx'),
);
const MessagePage = lazy(() => import(/* webpackChunkName: "page-pages-user-message" */ '../routes/message-page.tsx'));
const NoticePage = lazy(() => import(/* webpackChunkName: "page-pages-user-notice" */ '../routes/notice-page.tsx'));
const NewsPage = lazy(() => import(/* webpackChunkName: "page-pages-news-news" */ '../routes/news-page.tsx'));
const NewsDetailsPage = lazy(
  () => import(/* webpackChunkName: "page-pages-news-details" */ '../routes/news-details-page.tsx'),
);
const ActivityCenterPage = lazy(
  () => import(/* webpackChunkName: "page-pages-activitycenter-activitycenter" */ '../routes/activity-center-page.tsx'),
);
const ActivityListPage = lazy(
  () => import(/* webpackChunkName: "page-pages-activitycenter-activitylist" */ '../routes/activity-list-page.tsx'),
);
const UserActivityCenterPage = lazy(
  () => import(/* webpackChunkName: "page-pages-user-activitycenter" */ '../routes/user-activity-center-page.tsx'),
);
const DownloadPage = lazy(
  () => import(/* webpackChunkName: "page-pages-download-download" */ '../routes/download-page.tsx'),
);

/** Pages of the spec this remote owns whose feature comes in a later issue, with their titles. */
const UNAVAILABLE: Record<string, string> = {
  '/choose-location': 'titles.chooseLocation',
  '/open-location': 'titles.openLocation',
};

function PageLoading() {
  const { t } = useTranslation(NS);
  return (
    <Delayed>
      <Spinner label={t('states.loading', { ns: 'common' })} />
    </Delayed>
  );
}

/** The account remote's pages, matched on the spec's absolute paths under the shell's router. */
export default function AccountRoutes() {
  // Loads this remote's namespace (suspending in the shell's slot) before any page renders.
  useTranslation(NS);
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/pages/login/login" element={<LoginPage />} />
        <Route path="/pages/login/register" element={<RegisterPage />} />
        <Route path="/pages/login/forgetpwd" element={<ForgotPasswordPage />} />
        <Route path="/pages/public/agreement" element={<AgreementPage />} />
        <Route path="/pages/user/user" element={<MinePage />} />
        <Route path="/pages/user/info" element={<UserInfoPage />} />
        <Route path="/pages/user/security" element={<SecurityPage />} />
        <Route path="/pages/user/setpassword" element={<SetPasswordPage />} />
        <Route path="/pages/user/setfundpassword" element={<SetFundPasswordPage />} />
        <Route path="/pages/user/language" element={<LanguagePage />} />
        <Route path="/pages/user/display" element={<DisplayPage />} />
        <Route path="/pages/user/invite" element={<InvitePage />} />
        <Route path="/pages/user/auth" element={<RealNamePage />} />
        <Route path="/pages/user/poster" element={<PosterPage />} />
        <Route path="/pages/customer/customer" element={<CustomerPage />} />
        <Route path="/pages/download/download" element={<DownloadPage />} />
        <Route path="/pages/user/message" element={<MessagePage />} />
        <Route path="/pages/user/notice" element={<NoticePage />} />
        <Route path="/pages/news/news" element={<NewsPage />} />
        <Route path="/pages/news/details" element={<NewsDetailsPage />} />
        <Route path="/pages/activitycenter/activitycenter" element={<ActivityCenterPage />} />
        <Route path="/pages/activitycenter/activitylist" element={<ActivityListPage />} />
        <Route path="/pages/user/activityCenter" element={<UserActivityCenterPage />} />
        {Object.entries(UNAVAILABLE).map(([path, titleKey]) => (
          <Route key={path} path={path} element={<UnavailablePage titleKey={titleKey} />} />
        ))}
      </Routes>
    </Suspense>
  );
}
