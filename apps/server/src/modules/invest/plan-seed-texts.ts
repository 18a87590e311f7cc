import type { Language } from '@app/contracts';

type Text = { title: string; description: string };

/**
 * The seeded plans' names and descriptions in the nine languages besides English (the plan rows hold English).
 * Written once with the plans; operators change them in the console like any other.
 */
export const PLAN_SEED_TEXTS: Record<string, Record<Exclude<Language, 'en'>, Text>> = {
  'flex-7': {
    zh: { title: '7天体验计划', description: '短期体验余额宝：利息每日发放到余额，7天后本金返还。' },
    hk: { title: '7天體驗計劃', description: '短期體驗餘額寶：利息每日發放至餘額，7天後本金返還。' },
    jp: {
      title: '7日間お試しプラン',
      description: '余額宝を気軽に試せる短期プラン：利息は毎日残高に支払われ、元本は7日後に戻ります。',
    },
    kor: {
      title: '7일 체험 플랜',
      description: '위어바오를 체험하는 단기 플랜: 이자는 매일 잔액으로 지급되고 원금은 7일 후 돌려받습니다.',
    },
    th: {
      title: 'แผนทดลอง 7 วัน',
      description: 'แผนระยะสั้นสำหรับทดลอง Yuebao: ดอกเบี้ยจ่ายเข้ายอดคงเหลือทุกวัน และได้เงินต้นคืนหลัง 7 วัน',
    },
    vi: {
      title: 'Gói trải nghiệm 7 ngày',
      description: 'Gói ngắn hạn để thử Yuebao: lãi được trả vào số dư mỗi ngày, tiền gốc được hoàn lại sau 7 ngày.',
    },
    de: {
      title: '7-Tage-Einstiegsplan',
      description:
        'Ein kurzer Plan zum Ausprobieren von Yuebao: Zinsen werden täglich Ihrem Guthaben gutgeschrieben, das Kapital kommt nach 7 Tagen zurück.',
    },
    fr: {
      title: 'Plan découverte 7 jours',
      description:
        'Un plan court pour essayer Yuebao : les intérêts sont versés sur votre solde chaque jour, le capital revient après 7 jours.',
    },
    es: {
      title: 'Plan de inicio de 7 días',
      description:
        'Un plan corto para probar Yuebao: los intereses se abonan a su saldo cada día y el capital se devuelve a los 7 días.',
    },
  },
  'steady-30': {
    zh: { title: '30天稳健计划', description: '利息每日发放到余额，到期返还本金。提前赎回保留已发放的利息。' },
    hk: { title: '30天穩健計劃', description: '利息每日發放至餘額，到期返還本金。提前贖回保留已發放的利息。' },
    jp: {
      title: '30日間安定プラン',
      description: '利息は毎日残高に支払われ、元本は満期時に戻ります。途中解約しても支払い済みの利息はそのままです。',
    },
    kor: {
      title: '30일 안정 플랜',
      description:
        '이자는 매일 잔액으로 지급되고 원금은 만기에 돌려받습니다. 중도 해지해도 이미 지급된 이자는 유지됩니다.',
    },
    th: {
      title: 'แผนมั่นคง 30 วัน',
      description: 'ดอกเบี้ยจ่ายเข้ายอดคงเหลือทุกวัน คืนเงินต้นเมื่อครบกำหนด หากหยุดก่อนกำหนดยังคงได้ดอกเบี้ยที่จ่ายไปแล้ว',
    },
    vi: {
      title: 'Gói ổn định 30 ngày',
      description:
        'Lãi được trả vào số dư hằng ngày, tiền gốc hoàn lại khi đáo hạn. Dừng sớm vẫn giữ phần lãi đã được trả.',
    },
    de: {
      title: 'Stabiler 30-Tage-Plan',
      description:
        'Tägliche Zinsen auf Ihr Guthaben, das Kapital kommt bei Fälligkeit zurück. Wer vorzeitig beendet, behält die bereits gezahlten Zinsen.',
    },
    fr: {
      title: 'Plan régulier 30 jours',
      description:
        'Intérêts versés chaque jour sur votre solde, capital rendu à l’échéance. Un arrêt anticipé conserve les intérêts déjà versés.',
    },
    es: {
      title: 'Plan estable de 30 días',
      description:
        'Intereses diarios abonados a su saldo y capital devuelto al vencimiento. Si lo detiene antes, conserva los intereses ya pagados.',
    },
  },
  'quarter-90': {
    zh: {
      title: '90天季度计划',
      description: '利息暂存，到期时与本金一并发放。承诺投入1,000 U可享全额利率；可从500 U起投再追加。',
    },
    hk: {
      title: '90天季度計劃',
      description: '利息暫存，到期時與本金一併發放。承諾投入1,000 U可享全額利率；可從500 U起投再追加。',
    },
    jp: {
      title: '90日間クォータープラン',
      description:
        '利息は満期まで保留され、元本と一緒に支払われます。1,000 Uの投資を約束すると満額の利率に。500 Uから始めて追加できます。',
    },
    kor: {
      title: '90일 분기 플랜',
      description:
        '이자는 보류되었다가 만기에 원금과 함께 지급됩니다. 1,000 U를 약정하면 전체 이율을 받으며, 500 U부터 시작해 추가할 수 있습니다.',
    },
    th: {
      title: 'แผนรายไตรมาส 90 วัน',
      description: 'ดอกเบี้ยถูกพักไว้และจ่ายพร้อมเงินต้นเมื่อครบกำหนด ลงทุนครบ 1,000 U เพื่อรับอัตราเต็ม เริ่มได้ตั้งแต่ 500 U แล้วเติมเพิ่ม',
    },
    vi: {
      title: 'Gói quý 90 ngày',
      description:
        'Lãi được giữ lại và trả cùng tiền gốc khi đáo hạn. Cam kết 1,000 U để nhận đủ lãi suất; bắt đầu từ 500 U rồi nạp thêm.',
    },
    de: {
      title: 'Quartalsplan 90 Tage',
      description:
        'Die Zinsen werden einbehalten und bei Fälligkeit mit dem Kapital ausgezahlt. Mit 1.000 U Zusage gilt der volle Satz; Start ab 500 U, später aufstocken.',
    },
    fr: {
      title: 'Plan trimestriel 90 jours',
      description:
        'Les intérêts sont conservés et versés avec le capital à l’échéance. Engagez 1 000 U pour le taux plein ; commencez dès 500 U et complétez.',
    },
    es: {
      title: 'Plan trimestral de 90 días',
      description:
        'Los intereses se retienen y se pagan con el capital al vencimiento. Comprométase a 1.000 U para la tasa completa; empiece con 500 U y complete.',
    },
  },
  'half-year-180': {
    zh: { title: '180天半年计划', description: '最高利率，利息到期时与本金一并发放。每人最多50,000 U。' },
    hk: { title: '180天半年計劃', description: '最高利率，利息到期時與本金一併發放。每人最多50,000 U。' },
    jp: {
      title: '180日間半年プラン',
      description: '最も高い利率。利息は満期時に元本と一緒に支払われます。1人あたり最大50,000 U。',
    },
    kor: {
      title: '180일 반기 플랜',
      description: '가장 높은 이율. 이자는 만기에 원금과 함께 지급됩니다. 1인당 최대 50,000 U.',
    },
    th: {
      title: 'แผนครึ่งปี 180 วัน',
      description: 'อัตราสูงสุด ดอกเบี้ยจ่ายพร้อมเงินต้นเมื่อครบกำหนด สูงสุด 50,000 U ต่อคน',
    },
    vi: {
      title: 'Gói nửa năm 180 ngày',
      description: 'Lãi suất cao nhất, lãi được trả cùng tiền gốc khi đáo hạn. Tối đa 50,000 U mỗi người.',
    },
    de: {
      title: 'Halbjahresplan 180 Tage',
      description: 'Der höchste Satz, Zinsen bei Fälligkeit mit dem Kapital. Bis zu 50.000 U pro Person.',
    },
    fr: {
      title: 'Plan semestriel 180 jours',
      description:
        'Le taux le plus élevé, intérêts versés avec le capital à l’échéance. Jusqu’à 50 000 U par personne.',
    },
    es: {
      title: 'Plan semestral de 180 días',
      description: 'La tasa más alta, intereses pagados con el capital al vencimiento. Hasta 50.000 U por persona.',
    },
  },
};
