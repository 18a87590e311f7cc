/*
 * A dedicated worker the boot script starts with the page's BCP 47 tag. A page's first Intl number and date
 * formats load the language's ICU data, tens of milliseconds of main-thread work on a phone; ICU keeps that data
 * in caches shared by the page's threads, so making the same formats here first leaves the page's own first
 * formats nearly free. Plain ES2017: it is copied, not bundled.
 */
self.onmessage = function (event) {
  try {
    new Intl.NumberFormat(event.data, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      numberingSystem: 'latn',
    }).format(1.5);
    new Intl.DateTimeFormat(event.data, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(0);
    new Intl.PluralRules(event.data).select(1);
  } catch (e) {
    // an unknown tag: the page makes its formats when it needs them
  }
  self.close();
};
