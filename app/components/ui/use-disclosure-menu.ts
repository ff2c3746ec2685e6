// A menu in a <details> disclosure, laid over the page on a narrow screen. The disclosure opens
// and closes without JavaScript; with it, the menu also closes as soon as an item is chosen
// (without it, choosing an item loads a page with it closed), on Escape, and on a tap outside it,
// as people expect of a menu laid over the page; and Tab goes round the toggle and the items while
// it is open, since the page behind is covered.
import { useEffect, useRef } from "react";

export function useDisclosureMenu() {
  const menu = useRef<HTMLDetailsElement>(null);
  const toggle = useRef<HTMLElement>(null);
  const panel = useRef<HTMLElement>(null);
  const close = () => {
    if (menu.current) menu.current.open = false;
  };

  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.current?.open) return;
      menu.current.open = false;
      // Focus may have been on an item that is now hidden; the toggle reopens the menu.
      toggle.current?.focus();
    };
    const keepFocusInMenu = (event: KeyboardEvent) => {
      const details = menu.current;
      const summary = toggle.current;
      // A menu left open at a narrow width stays open, undrawn, on a wide screen: let Tab be.
      if (event.key !== "Tab" || !details?.open || !summary?.getClientRects().length) return;
      const items = panel.current?.querySelectorAll<HTMLElement>("a[href]");
      const last = items?.[items.length - 1] ?? summary;
      // Tab from the last item, or Shift+Tab from the toggle, goes round to the other end.
      const focused = document.activeElement;
      if (!details.contains(focused) || focused === (event.shiftKey ? summary : last)) {
        event.preventDefault();
        (event.shiftKey ? last : summary).focus();
      }
    };
    const closeOnTapOutside = (event: MouseEvent) => {
      const target = event.target as Node;
      const inside = panel.current?.contains(target) || toggle.current?.contains(target);
      if (menu.current?.open && !inside) menu.current.open = false;
    };
    document.addEventListener("keydown", closeOnEscape);
    document.addEventListener("keydown", keepFocusInMenu);
    document.addEventListener("click", closeOnTapOutside);
    return () => {
      document.removeEventListener("keydown", closeOnEscape);
      document.removeEventListener("keydown", keepFocusInMenu);
      document.removeEventListener("click", closeOnTapOutside);
    };
  }, []);

  return { menu, toggle, panel, close };
}
