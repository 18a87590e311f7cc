import { useEffect } from 'react';

/**
 * The tab strip scrolls sideways when its labels are long (German, Thai): keep the selected tab in view, so a
 * deep link to the last tab does not open with its label cut off at the edge.
 */
export function useSelectedTabVisible(tabId: string) {
  useEffect(() => {
    const tab = document.getElementById(tabId);
    const strip = tab?.parentElement;
    if (!tab || !strip) return;
    const left = tab.offsetLeft - strip.offsetLeft;
    if (left < strip.scrollLeft || left + tab.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = Math.max(0, left - (strip.clientWidth - tab.offsetWidth) / 2);
    }
  }, [tabId]);
}
