/// <reference path="./css-modules.d.ts" />
export { Button, type ButtonProps } from './button/button.tsx';
export { LinkButton, type LinkButtonProps } from './link-button/link-button.tsx';
export { NavBar, NavBarButton, type NavBarProps } from './nav-bar/nav-bar.tsx';
export { TabBar, type TabBarItem } from './tab-bar/tab-bar.tsx';
export { Cell, CellGroup, type CellProps } from './cell/cell.tsx';
export { Field, type FieldProps } from './field/field.tsx';
export { Checkbox, type CheckboxProps } from './checkbox/checkbox.tsx';
export { Dialog, ConfirmDialog, type DialogProps, type ConfirmDialogProps } from './dialog/dialog.tsx';
export { useModal, type UseModalOptions } from './dialog/use-modal.ts';
export { ActionSheet, type ActionSheetItem, type ActionSheetProps } from './action-sheet/action-sheet.tsx';
export {
  ToastProvider,
  useToast,
  TOAST_INFO_MS,
  TOAST_ERROR_MS,
  TOAST_NOTICE_MS,
  type ToastNotice,
} from './toast/toast.tsx';
export { Tabs, type TabItem, type TabsProps } from './tabs/tabs.tsx';
export { EmptyState, type EmptyStateProps } from './empty-state/empty-state.tsx';
export { Skeleton } from './skeleton/skeleton.tsx';
export { Spinner } from './spinner/spinner.tsx';
export { Delayed, LOADING_DELAY_MS } from './delayed/delayed.tsx';
export { PullRefresh, type PullRefreshProps } from './pull-refresh/pull-refresh.tsx';
export { InfiniteList, type InfiniteListProps } from './infinite-list/infinite-list.tsx';
export { Countdown } from './countdown/countdown.tsx';
export { useCountdown } from './countdown/use-countdown.ts';
export { Badge, type BadgeProps } from './badge/badge.tsx';
export { Page } from './page/page.tsx';
export {
  applyPreferences,
  setPreferences,
  usePreferences,
  type Preferences,
  type ThemePreference,
  type UpDownPreference,
} from './preferences/preferences.ts';
export * from './icons/icons.tsx';
export { cx } from './lib/cx.ts';
