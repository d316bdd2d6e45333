import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useCartItemCount } from '../../features/cart';
import { isCollectionRoute, toggleSearchVisibility, useSearchVisibility } from '../../features/collection';
import { BRAND } from '../../shared/brand';
import { earlyTaps, type EarlyControl } from '../../shared/early-taps';
import { BagIcon, CloseIcon, MenuIcon, SearchIcon } from '../../shared/icons';
import styles from './nav-bar.module.css';
import { SignInControl } from './sign-in-control';
import { useHideOnScroll } from './use-hide-on-scroll';

const LINKS = [
  { to: '/', label: 'HOME', end: true },
  { to: '/collection', label: 'COLLECTION', end: false },
] as const;

export function NavBar() {
  const { pathname } = useLocation();
  const scrolledAway = useHideOnScroll();
  // The menu is open "for" one path, so navigating anywhere closes it without an effect. A tap kept before
  // the app arrived (shared/early-taps.ts) already opened it in the served page.
  const [menuOpenFor, setMenuOpenFor] = useState<string | null>(() =>
    earlyTaps().menuOpen === true ? pathname : null,
  );
  const menuOpen = menuOpenFor === pathname;
  const menuId = useId();
  const cartCount = useCartItemCount();
  const searchVisible = useSearchVisibility();
  const onCollection = isCollectionRoute(pathname);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpenFor(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const hidden = scrolledAway && !menuOpen;

  return (
    <header className={styles.bar} data-hidden={hidden}>
      <nav className={`container ${styles.inner}`} aria-label="Main">
        <Link to="/" className={styles.logo} aria-label={`${BRAND.storeName} home`}>
          {BRAND.storeName}
        </Link>

        <ul className={styles.links}>
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={styles.link}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className={styles.actions}>
          {onCollection ? (
            <button
              type="button"
              className={styles.iconButton}
              aria-pressed={searchVisible}
              aria-label={searchVisible ? 'Hide search' : 'Show search'}
              onClick={toggleSearchVisibility}
            >
              <SearchIcon />
            </button>
          ) : null}
          <SignInControl />
          <Link
            to="/cart"
            className={styles.iconButton}
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
          >
            <BagIcon />
            <span className={styles.badge} aria-hidden="true">
              {cartCount}
            </span>
          </Link>
          <button
            type="button"
            className={`${styles.iconButton} ${styles.menuButton}`}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => setMenuOpenFor(menuOpen ? null : pathname)}
            data-early={'menu' satisfies EarlyControl}
          >
            {/* Both drawn, the one shown chosen by aria-expanded: an early tap flips only that. */}
            <MenuIcon className={styles.menuClosedIcon} />
            <CloseIcon className={styles.menuOpenIcon} />
          </button>
        </div>
      </nav>

      <div id={menuId} className={styles.mobileMenu} hidden={!menuOpen}>
        <ul className="container">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={styles.mobileLink}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}
