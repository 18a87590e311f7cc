import '../i18n-namespace.ts';
import { useDeferredValue } from 'react';
import type { ContentSummary } from '@app/contracts';
import { useGetHomeQuery } from '../features/content/api/content-api.ts';
import { BannerCarousel } from '../features/banner/components/banner-carousel.tsx';

/**
 * Home's banner carousel: the operators' published banners in the reader's language (public: visitors see
 * them too). The same /api/index/home answer feeds the notices widget, so Home asks for it once.
 */
export default function HomeBanner() {
  const { data } = useGetHomeQuery();
  // The answer lands as a store update, which React renders at once, in one task; deferred, the carousel is
  // built in a render of its own that yields to the browser every few milliseconds.
  const banners = useDeferredValue(data?.banners ?? NO_BANNERS);
  return <BannerCarousel items={banners} />;
}

const NO_BANNERS: ContentSummary[] = [];
