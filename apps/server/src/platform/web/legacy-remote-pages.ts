/**
 * The pages of remote versions built before remotes declared their pages (their boot-assets.json has no
 * `routes`), as the shell's route table listed them then. Such a version can still be live (released before this
 * change, or rolled back to); with this list the current shell keeps routing to it. Their chunks follow the naming
 * of that time: "page" and the path with "-" for "/". Delete once no such version can be live.
 */
export const LEGACY_REMOTE_PAGES: Readonly<Record<string, readonly string[]>> = {
  account: [
    '/pages/login/login',
    '/pages/login/register',
    '/pages/login/forgetpwd',
    '/pages/public/agreement',
    '/pages/user/user',
    '/pages/user/info',
    '/pages/user/security',
    '/pages/user/setpassword',
    '/pages/user/setfundpassword',
    '/pages/user/language',
    '/pages/user/display',
    '/pages/user/message',
    '/pages/user/notice',
    '/pages/user/activityCenter',
    '/pages/user/auth',
    '/pages/user/invite',
    '/pages/user/poster',
    '/pages/news/news',
    '/pages/news/details',
    '/pages/activitycenter/activitycenter',
    '/pages/activitycenter/activitylist',
    '/pages/customer/customer',
    '/pages/download/download',
    '/choose-location',
    '/open-location',
  ],
  trade: [
    '/pages/user/order',
    '/pages/trade/trade',
    '/pages/trade/pnl',
    '/pages/copy/leaders',
    '/pages/copy/leader',
    '/pages/copy/following',
    '/pages/copy/lead',
  ],
  invest: ['/pages/project/project', '/pages/project/details', '/pages/project/myproject'],
  wallet: [
    '/pages/user/cash',
    '/pages/user/cashrecord',
    '/pages/user/finance',
    '/pages/user/recharge',
    '/pages/user/rechargeList',
    '/pages/user/rechargerecord',
    '/pages/user/wallet',
    '/pages/payment/payment',
    '/pages/payment/bindbank',
    '/pages/payment/bindwallet',
    '/pages/payment/addBank',
  ],
};
