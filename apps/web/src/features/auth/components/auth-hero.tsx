import { useSiteStore } from '../../../shared/stores/site';
import brandMark from '../../../shared/ui/brand-mark.svg';

export function AuthHero({ subtitle }: { subtitle: string }) {
  const site = useSiteStore((s) => s.site);
  return (
    <div className="form-hero">
      <img src={site?.icon || brandMark} alt="" width={56} height={56} className="hero-logo" />
      <h1>{site?.tenantName ?? ''}</h1>
      <p>{subtitle}</p>
    </div>
  );
}
