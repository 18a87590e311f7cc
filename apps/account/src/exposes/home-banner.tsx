import '../i18n-namespace.ts';
import { useGetHomeQuery } from '../features/content/content-api.ts';
import { BannerCarousel } from '../features/banner/banner-carousel.tsx';

/**
 * Home's banner carousel: the operators' published banners in the reader's language (public: visitors see
 * them too). The same /api/index/home answer feeds the notices widget, so Home asks for it once.
 */
export default function HomeBanner() {
  const { data } = useGetHomeQuery();
  return <BannerCarousel items={data?.banners ?? []} />;
}
