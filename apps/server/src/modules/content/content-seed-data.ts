import type { ActivityType, ContentKind, Language } from '@app/contracts';

/**
 * What a fresh platform publishes so Home, notices, news and the activity center are not empty: the
 * platform's own welcome texts, rules and how-tos (no invented market news, no invented figures), in all ten
 * languages. Operators edit or withdraw them like anything else; the seed never overwrites a change.
 */
export type SeedText = { title: string; summary: string; body: string };
export type SeedItem = {
  slug: string;
  kind: ContentKind;
  tone?: string;
  link?: string;
  activityType?: ActivityType;
  pinned?: boolean;
  sort?: number;
  text: Record<Language, SeedText>;
};

export const CONTENT_SEED: SeedItem[] = [
  {
    slug: 'banner-welcome',
    kind: 'banner',
    tone: 'brand',
    link: '#/pages/project/project',
    sort: 1,
    text: {
      en: {
        title: 'Welcome to Yuebao',
        summary: 'Fixed-term plans with daily interest, terms shown before you buy',
        body: '',
      },
      zh: { title: '欢迎使用余额宝', summary: '定期理财按日计息，购买前展示全部条款', body: '' },
      hk: { title: '歡迎使用餘額寶', summary: '定期理財按日計息，購買前展示全部條款', body: '' },
      jp: { title: 'Yuebao へようこそ', summary: '日割り利息の定期プラン。購入前に条件をすべて表示', body: '' },
      kor: { title: 'Yuebao에 오신 것을 환영합니다', summary: '일일 이자 정기 상품, 구매 전 모든 조건 안내', body: '' },
      th: { title: 'ยินดีต้อนรับสู่ Yuebao', summary: 'แผนการลงทุนระยะคงที่ ดอกเบี้ยรายวัน แสดงเงื่อนไขก่อนซื้อ', body: '' },
      vi: {
        title: 'Chào mừng đến với Yuebao',
        summary: 'Gói kỳ hạn tính lãi hằng ngày, điều khoản hiển thị trước khi mua',
        body: '',
      },
      de: {
        title: 'Willkommen bei Yuebao',
        summary: 'Festgeldpläne mit täglichen Zinsen, Bedingungen vor dem Kauf',
        body: '',
      },
      fr: {
        title: 'Bienvenue sur Yuebao',
        summary: 'Plans à terme avec intérêts quotidiens, conditions affichées avant l’achat',
        body: '',
      },
      es: {
        title: 'Bienvenido a Yuebao',
        summary: 'Planes a plazo con interés diario, condiciones antes de comprar',
        body: '',
      },
    },
  },
  {
    slug: 'banner-checkin',
    kind: 'banner',
    tone: 'gold',
    link: '#/pages/user/activityCenter',
    sort: 2,
    text: {
      en: { title: 'Daily check-in', summary: 'Check in once a day and keep your streak going', body: '' },
      zh: { title: '每日签到', summary: '每天签到一次，保持连续签到', body: '' },
      hk: { title: '每日簽到', summary: '每天簽到一次，保持連續簽到', body: '' },
      jp: { title: '毎日チェックイン', summary: '1日1回チェックインして連続記録を伸ばそう', body: '' },
      kor: { title: '매일 출석체크', summary: '하루 한 번 출석하고 연속 기록을 이어가세요', body: '' },
      th: { title: 'เช็คอินรายวัน', summary: 'เช็คอินวันละครั้งและรักษาสถิติต่อเนื่อง', body: '' },
      vi: { title: 'Điểm danh hằng ngày', summary: 'Điểm danh mỗi ngày một lần và giữ chuỗi liên tiếp', body: '' },
      de: { title: 'Täglicher Check-in', summary: 'Einmal am Tag einchecken und die Serie halten', body: '' },
      fr: { title: 'Pointage quotidien', summary: 'Pointez une fois par jour et gardez votre série', body: '' },
      es: { title: 'Registro diario', summary: 'Regístrese una vez al día y mantenga su racha', body: '' },
    },
  },
  {
    slug: 'banner-trade',
    kind: 'banner',
    tone: 'up',
    link: '#/pages/trade/trade',
    sort: 3,
    text: {
      en: { title: 'Short-term contracts', summary: 'Payout, loss and fee shown before every order', body: '' },
      zh: { title: '短期合约', summary: '每笔下单前展示收益、亏损和手续费', body: '' },
      hk: { title: '短期合約', summary: '每筆下單前展示收益、虧損和手續費', body: '' },
      jp: { title: '短期コントラクト', summary: '注文ごとに配当・損失・手数料を事前表示', body: '' },
      kor: { title: '단기 계약', summary: '주문 전 수익, 손실, 수수료를 모두 표시', body: '' },
      th: { title: 'สัญญาระยะสั้น', summary: 'แสดงผลตอบแทน ขาดทุน และค่าธรรมเนียมก่อนทุกคำสั่ง', body: '' },
      vi: { title: 'Hợp đồng ngắn hạn', summary: 'Lợi nhuận, lỗ và phí hiển thị trước mỗi lệnh', body: '' },
      de: { title: 'Kurzfristige Kontrakte', summary: 'Auszahlung, Verlust und Gebühr vor jeder Order', body: '' },
      fr: { title: 'Contrats courts', summary: 'Gain, perte et frais affichés avant chaque ordre', body: '' },
      es: { title: 'Contratos a corto plazo', summary: 'Pago, pérdida y comisión antes de cada orden', body: '' },
    },
  },
  {
    slug: 'notice-withdraw-hours',
    kind: 'notice',
    pinned: true,
    text: {
      en: {
        title: 'Withdrawal hours',
        summary: 'Withdrawals are reviewed from 09:00 to 21:00 platform time.',
        body: '<p>Withdrawal applications can be submitted from 09:00 to 21:00 platform time and are reviewed in that order. A refused withdrawal returns the full amount, fee included, to your balance with the reason shown in your records and messages.</p>',
      },
      zh: {
        title: '提现时间',
        summary: '提现审核时间为平台时间 09:00 至 21:00。',
        body: '<p>提现申请可在平台时间 09:00 至 21:00 提交，并按提交顺序审核。被拒绝的提现将全额（含手续费）退回余额，原因会显示在记录和消息中。</p>',
      },
      hk: {
        title: '提現時間',
        summary: '提現審核時間為平台時間 09:00 至 21:00。',
        body: '<p>提現申請可在平台時間 09:00 至 21:00 提交，並按提交順序審核。被拒絕的提現將全額（含手續費）退回餘額，原因會顯示在記錄和訊息中。</p>',
      },
      jp: {
        title: '出金受付時間',
        summary: '出金の審査はプラットフォーム時間 09:00〜21:00 です。',
        body: '<p>出金申請はプラットフォーム時間 09:00〜21:00 に受け付け、受付順に審査します。却下された出金は手数料を含む全額が残高に戻り、理由は履歴とメッセージに表示されます。</p>',
      },
      kor: {
        title: '출금 가능 시간',
        summary: '출금 심사는 플랫폼 시간 09:00~21:00에 진행됩니다.',
        body: '<p>출금 신청은 플랫폼 시간 09:00~21:00에 가능하며 신청 순서대로 심사합니다. 거절된 출금은 수수료를 포함한 전액이 잔액으로 반환되며, 사유는 기록과 메시지에 표시됩니다.</p>',
      },
      th: {
        title: 'เวลาถอนเงิน',
        summary: 'ตรวจสอบการถอนเงินเวลา 09:00 ถึง 21:00 ตามเวลาแพลตฟอร์ม',
        body: '<p>ยื่นคำขอถอนเงินได้เวลา 09:00 ถึง 21:00 ตามเวลาแพลตฟอร์ม และจะตรวจสอบตามลำดับ หากถูกปฏิเสธ จะคืนเงินเต็มจำนวนรวมค่าธรรมเนียมเข้ายอดคงเหลือ พร้อมแสดงเหตุผลในประวัติและข้อความ</p>',
      },
      vi: {
        title: 'Giờ rút tiền',
        summary: 'Lệnh rút được duyệt từ 09:00 đến 21:00 giờ nền tảng.',
        body: '<p>Có thể gửi yêu cầu rút tiền từ 09:00 đến 21:00 giờ nền tảng và được duyệt theo thứ tự. Lệnh rút bị từ chối sẽ hoàn toàn bộ số tiền, kể cả phí, về số dư, kèm lý do trong lịch sử và tin nhắn.</p>',
      },
      de: {
        title: 'Auszahlungszeiten',
        summary: 'Auszahlungen werden von 09:00 bis 21:00 Plattformzeit geprüft.',
        body: '<p>Auszahlungsanträge können von 09:00 bis 21:00 Plattformzeit gestellt werden und werden in dieser Reihenfolge geprüft. Eine abgelehnte Auszahlung geht vollständig, Gebühr eingeschlossen, auf Ihr Guthaben zurück; der Grund steht in Ihren Einträgen und Nachrichten.</p>',
      },
      fr: {
        title: 'Horaires des retraits',
        summary: 'Les retraits sont examinés de 09:00 à 21:00, heure de la plateforme.',
        body: '<p>Les demandes de retrait peuvent être faites de 09:00 à 21:00, heure de la plateforme, et sont traitées dans l’ordre. Un retrait refusé revient en totalité, frais compris, sur votre solde, avec le motif indiqué dans vos relevés et messages.</p>',
      },
      es: {
        title: 'Horario de retiros',
        summary: 'Los retiros se revisan de 09:00 a 21:00, hora de la plataforma.',
        body: '<p>Las solicitudes de retiro pueden enviarse de 09:00 a 21:00, hora de la plataforma, y se revisan en orden. Un retiro rechazado devuelve el importe total, comisión incluida, a su saldo, con el motivo en sus registros y mensajes.</p>',
      },
    },
  },
  {
    slug: 'notice-security',
    kind: 'notice',
    text: {
      en: {
        title: 'Keep your account safe',
        summary: 'We never ask for your password or verification code.',
        body: '<p>Staff will never ask for your login password, fund password or SMS verification code. Set a fund password under <strong>Security</strong> and contact customer service in the app if anything looks wrong.</p>',
      },
      zh: {
        title: '保护账户安全',
        summary: '我们绝不会索要您的密码或验证码。',
        body: '<p>工作人员绝不会索要您的登录密码、资金密码或短信验证码。请在<strong>安全设置</strong>中设置资金密码，如有异常请在应用内联系客服。</p>',
      },
      hk: {
        title: '保護帳戶安全',
        summary: '我們絕不會索取您的密碼或驗證碼。',
        body: '<p>工作人員絕不會索取您的登入密碼、資金密碼或短訊驗證碼。請在<strong>安全設定</strong>中設定資金密碼，如有異常請在應用內聯絡客服。</p>',
      },
      jp: {
        title: 'アカウントを安全に',
        summary: 'パスワードや認証コードを尋ねることはありません。',
        body: '<p>スタッフがログインパスワード、資金パスワード、SMS認証コードを尋ねることはありません。<strong>セキュリティ</strong>で資金パスワードを設定し、不審な点はアプリ内のカスタマーサービスへご連絡ください。</p>',
      },
      kor: {
        title: '계정을 안전하게',
        summary: '비밀번호나 인증번호를 절대 요구하지 않습니다.',
        body: '<p>직원은 로그인 비밀번호, 자금 비밀번호, SMS 인증번호를 절대 요구하지 않습니다. <strong>보안 설정</strong>에서 자금 비밀번호를 설정하고, 이상한 점이 있으면 앱에서 고객센터에 문의하세요.</p>',
      },
      th: {
        title: 'รักษาบัญชีให้ปลอดภัย',
        summary: 'เราไม่เคยขอรหัสผ่านหรือรหัสยืนยันของคุณ',
        body: '<p>เจ้าหน้าที่จะไม่ขอรหัสผ่านเข้าสู่ระบบ รหัสผ่านการเงิน หรือรหัสยืนยันทาง SMS ของคุณ ตั้งรหัสผ่านการเงินได้ที่<strong>ความปลอดภัย</strong> และติดต่อฝ่ายบริการลูกค้าในแอปหากพบสิ่งผิดปกติ</p>',
      },
      vi: {
        title: 'Giữ tài khoản an toàn',
        summary: 'Chúng tôi không bao giờ hỏi mật khẩu hay mã xác minh.',
        body: '<p>Nhân viên không bao giờ hỏi mật khẩu đăng nhập, mật khẩu quỹ hay mã SMS của bạn. Hãy đặt mật khẩu quỹ trong mục <strong>Bảo mật</strong> và liên hệ CSKH trong ứng dụng nếu thấy bất thường.</p>',
      },
      de: {
        title: 'Schützen Sie Ihr Konto',
        summary: 'Wir fragen nie nach Passwort oder Bestätigungscode.',
        body: '<p>Mitarbeiter fragen nie nach Ihrem Login-Passwort, Fondspasswort oder SMS-Code. Legen Sie unter <strong>Sicherheit</strong> ein Fondspasswort fest und wenden Sie sich in der App an den Kundenservice, wenn Ihnen etwas seltsam vorkommt.</p>',
      },
      fr: {
        title: 'Protégez votre compte',
        summary: 'Nous ne demandons jamais votre mot de passe ni votre code.',
        body: '<p>Notre équipe ne vous demandera jamais votre mot de passe, votre mot de passe de fonds ni votre code SMS. Définissez un mot de passe de fonds dans <strong>Sécurité</strong> et contactez le service client dans l’app en cas de doute.</p>',
      },
      es: {
        title: 'Proteja su cuenta',
        summary: 'Nunca le pediremos su contraseña ni su código.',
        body: '<p>El personal nunca le pedirá su contraseña de acceso, su contraseña de fondos ni su código SMS. Configure una contraseña de fondos en <strong>Seguridad</strong> y contacte con atención al cliente en la app si algo parece extraño.</p>',
      },
    },
  },
  {
    slug: 'notice-languages',
    kind: 'notice',
    text: {
      en: {
        title: 'Now in ten languages',
        summary: 'Change the language any time under Mine.',
        body: '<p>The app is available in English, German, Spanish, French, Traditional and Simplified Chinese, Japanese, Korean, Thai and Vietnamese. Change it under <strong>Mine → Language</strong>; your choice is saved on this device.</p>',
      },
      zh: {
        title: '现已支持十种语言',
        summary: '可随时在“我的”中切换语言。',
        body: '<p>应用支持英语、德语、西班牙语、法语、繁体和简体中文、日语、韩语、泰语和越南语。在<strong>我的 → 语言</strong>中切换，选择会保存在本设备上。</p>',
      },
      hk: {
        title: '現已支援十種語言',
        summary: '可隨時在「我的」中切換語言。',
        body: '<p>應用支援英語、德語、西班牙語、法語、繁體和簡體中文、日語、韓語、泰語和越南語。在<strong>我的 → 語言</strong>中切換，選擇會保存在本裝置上。</p>',
      },
      jp: {
        title: '10言語に対応しました',
        summary: 'マイページからいつでも言語を変更できます。',
        body: '<p>英語、ドイツ語、スペイン語、フランス語、繁体字・簡体字中国語、日本語、韓国語、タイ語、ベトナム語に対応しています。<strong>マイページ → 言語</strong>で変更でき、選択はこの端末に保存されます。</p>',
      },
      kor: {
        title: '이제 10개 언어 지원',
        summary: '내 정보에서 언제든 언어를 바꿀 수 있습니다.',
        body: '<p>영어, 독일어, 스페인어, 프랑스어, 번체·간체 중국어, 일본어, 한국어, 태국어, 베트남어를 지원합니다. <strong>내 정보 → 언어</strong>에서 변경할 수 있으며 선택은 이 기기에 저장됩니다.</p>',
      },
      th: {
        title: 'รองรับสิบภาษาแล้ว',
        summary: 'เปลี่ยนภาษาได้ทุกเมื่อที่หน้าของฉัน',
        body: '<p>แอปรองรับภาษาอังกฤษ เยอรมัน สเปน ฝรั่งเศส จีนตัวเต็มและตัวย่อ ญี่ปุ่น เกาหลี ไทย และเวียดนาม เปลี่ยนได้ที่<strong>ของฉัน → ภาษา</strong> ระบบจะจำตัวเลือกไว้ในอุปกรณ์นี้</p>',
      },
      vi: {
        title: 'Đã có mười ngôn ngữ',
        summary: 'Đổi ngôn ngữ bất cứ lúc nào trong mục Của tôi.',
        body: '<p>Ứng dụng có tiếng Anh, Đức, Tây Ban Nha, Pháp, Trung phồn thể và giản thể, Nhật, Hàn, Thái và Việt. Đổi trong <strong>Của tôi → Ngôn ngữ</strong>; lựa chọn được lưu trên thiết bị này.</p>',
      },
      de: {
        title: 'Jetzt in zehn Sprachen',
        summary: 'Die Sprache lässt sich jederzeit unter „Ich“ ändern.',
        body: '<p>Die App gibt es auf Englisch, Deutsch, Spanisch, Französisch, traditionellem und vereinfachtem Chinesisch, Japanisch, Koreanisch, Thai und Vietnamesisch. Ändern Sie sie unter <strong>Ich → Sprache</strong>; die Wahl wird auf diesem Gerät gespeichert.</p>',
      },
      fr: {
        title: 'Disponible en dix langues',
        summary: 'Changez de langue à tout moment dans Moi.',
        body: '<p>L’app existe en anglais, allemand, espagnol, français, chinois traditionnel et simplifié, japonais, coréen, thaï et vietnamien. Changez-la dans <strong>Moi → Langue</strong> ; votre choix est enregistré sur cet appareil.</p>',
      },
      es: {
        title: 'Ya en diez idiomas',
        summary: 'Cambie el idioma cuando quiera en Mi cuenta.',
        body: '<p>La app está en inglés, alemán, español, francés, chino tradicional y simplificado, japonés, coreano, tailandés y vietnamita. Cámbielo en <strong>Mi cuenta → Idioma</strong>; la elección se guarda en este dispositivo.</p>',
      },
    },
  },
  {
    slug: 'news-how-yuebao-works',
    kind: 'news',
    text: {
      en: {
        title: 'How Yuebao interest is calculated',
        summary: 'Actual/365, credited every platform day, rounded down to the cent.',
        body: '<h2>Daily credits</h2><p>A plan pays its yearly rate on an actual/365 basis. Each platform day your principal earns its share, rounded down to the cent, and the fraction is carried to the next day, so nothing is lost over the period.</p><h2>Stopping early</h2><p>Principal always comes back in full. The plan page states the rate that applies to interest if you stop before maturity.</p>',
      },
      zh: {
        title: '余额宝收益如何计算',
        summary: '按实际天数/365 计息，每个平台日入账，精确到分向下取整。',
        body: '<h2>每日入账</h2><p>理财按年化利率、实际天数/365 计息。每个平台日本金产生当日收益，精确到分向下取整，不足一分的部分结转到次日，整个周期不会损失。</p><h2>提前终止</h2><p>本金始终全额返还。提前终止时收益适用的利率在理财详情页中注明。</p>',
      },
      hk: {
        title: '餘額寶收益如何計算',
        summary: '按實際天數/365 計息，每個平台日入賬，精確到分向下取整。',
        body: '<h2>每日入賬</h2><p>理財按年化利率、實際天數/365 計息。每個平台日本金產生當日收益，精確到分向下取整，不足一分的部分結轉到翌日，整個週期不會損失。</p><h2>提前終止</h2><p>本金始終全額返還。提前終止時收益適用的利率在理財詳情頁中註明。</p>',
      },
      jp: {
        title: 'Yuebao の利息の計算方法',
        summary: '実日数/365で計算し、毎営業日に入金、セント未満切り捨て。',
        body: '<h2>毎日の入金</h2><p>プランは年利を実日数/365で計算します。プラットフォームの1日ごとに元本の利息をセント未満切り捨てで入金し、端数は翌日に繰り越すため、期間全体で失われることはありません。</p><h2>中途解約</h2><p>元本は常に全額戻ります。満期前に解約した場合の利率はプランのページに記載しています。</p>',
      },
      kor: {
        title: 'Yuebao 이자 계산 방법',
        summary: '실제 일수/365, 매 플랫폼 일마다 지급, 센트 미만 버림.',
        body: '<h2>일일 지급</h2><p>상품은 연이율을 실제 일수/365 기준으로 계산합니다. 매 플랫폼 일마다 원금의 이자를 센트 미만 버림으로 지급하고 나머지는 다음 날로 이월되어 기간 전체에서 손실이 없습니다.</p><h2>중도 해지</h2><p>원금은 항상 전액 반환됩니다. 만기 전 해지 시 이자에 적용되는 이율은 상품 페이지에 명시되어 있습니다.</p>',
      },
      th: {
        title: 'วิธีคำนวณดอกเบี้ย Yuebao',
        summary: 'คิดตามจำนวนวันจริง/365 เครดิตทุกวัน ปัดเศษลงเป็นเซ็นต์',
        body: '<h2>เครดิตรายวัน</h2><p>แผนจ่ายอัตราต่อปีตามจำนวนวันจริง/365 ทุกวันของแพลตฟอร์ม เงินต้นจะได้รับดอกเบี้ยส่วนของวันนั้น ปัดเศษลงเป็นเซ็นต์ และยกเศษไปวันถัดไป จึงไม่สูญเสียตลอดระยะเวลา</p><h2>หยุดก่อนกำหนด</h2><p>ได้รับเงินต้นคืนเต็มจำนวนเสมอ อัตราดอกเบี้ยที่ใช้เมื่อหยุดก่อนครบกำหนดระบุไว้ในหน้าแผน</p>',
      },
      vi: {
        title: 'Cách tính lãi Yuebao',
        summary: 'Ngày thực tế/365, cộng mỗi ngày nền tảng, làm tròn xuống đến cent.',
        body: '<h2>Cộng lãi hằng ngày</h2><p>Gói trả lãi suất năm theo ngày thực tế/365. Mỗi ngày nền tảng, tiền gốc nhận phần lãi của ngày đó, làm tròn xuống đến cent, phần lẻ chuyển sang ngày sau nên không mất gì trong cả kỳ.</p><h2>Dừng sớm</h2><p>Tiền gốc luôn được hoàn đủ. Lãi suất áp dụng khi dừng trước hạn được ghi trên trang gói.</p>',
      },
      de: {
        title: 'So werden Yuebao-Zinsen berechnet',
        summary: 'Act/365, täglich gutgeschrieben, auf den Cent abgerundet.',
        body: '<h2>Tägliche Gutschrift</h2><p>Ein Plan zahlt seinen Jahreszins nach Act/365. An jedem Plattformtag verdient Ihr Kapital seinen Anteil, auf den Cent abgerundet; der Rest wird auf den nächsten Tag übertragen, sodass über die Laufzeit nichts verloren geht.</p><h2>Vorzeitiger Ausstieg</h2><p>Das Kapital kommt immer vollständig zurück. Welcher Zins bei vorzeitigem Ausstieg gilt, steht auf der Planseite.</p>',
      },
      fr: {
        title: 'Comment sont calculés les intérêts Yuebao',
        summary: 'Exact/365, crédités chaque jour de la plateforme, arrondis au centime inférieur.',
        body: '<h2>Crédits quotidiens</h2><p>Un plan verse son taux annuel sur la base exact/365. Chaque jour de la plateforme, votre capital gagne sa part, arrondie au centime inférieur, et le reste est reporté au lendemain : rien n’est perdu sur la période.</p><h2>Arrêt anticipé</h2><p>Le capital revient toujours en totalité. Le taux appliqué aux intérêts en cas d’arrêt anticipé figure sur la page du plan.</p>',
      },
      es: {
        title: 'Cómo se calculan los intereses de Yuebao',
        summary: 'Real/365, abonados cada día de la plataforma, redondeados al céntimo inferior.',
        body: '<h2>Abonos diarios</h2><p>Un plan paga su tasa anual en base real/365. Cada día de la plataforma su capital gana su parte, redondeada al céntimo inferior, y la fracción pasa al día siguiente, así que nada se pierde en el periodo.</p><h2>Salida anticipada</h2><p>El capital siempre se devuelve completo. La tasa aplicable a los intereses si sale antes del vencimiento figura en la página del plan.</p>',
      },
    },
  },
  {
    slug: 'news-recharge-guide',
    kind: 'news',
    text: {
      en: {
        title: 'Recharging step by step',
        summary: 'Transfer, upload the screenshot, wait for review.',
        body: '<ol><li>Open <strong>Recharge</strong> and pick a channel.</li><li>Transfer the amount and keep the reference code shown.</li><li>Upload a screenshot of the transfer and submit.</li></ol><p>You get a message as soon as the recharge is approved or refused.</p>',
      },
      zh: {
        title: '充值步骤',
        summary: '转账、上传截图、等待审核。',
        body: '<ol><li>打开<strong>充值</strong>并选择渠道。</li><li>转账并保留页面显示的参考码。</li><li>上传转账截图并提交。</li></ol><p>充值通过或被拒绝时，您会立即收到消息。</p>',
      },
      hk: {
        title: '充值步驟',
        summary: '轉賬、上傳截圖、等待審核。',
        body: '<ol><li>打開<strong>充值</strong>並選擇渠道。</li><li>轉賬並保留頁面顯示的參考碼。</li><li>上傳轉賬截圖並提交。</li></ol><p>充值通過或被拒絕時，您會立即收到訊息。</p>',
      },
      jp: {
        title: '入金の手順',
        summary: '振込、スクリーンショットをアップロード、審査を待つ。',
        body: '<ol><li><strong>入金</strong>を開き、チャネルを選びます。</li><li>金額を振り込み、表示された参照コードを控えます。</li><li>振込のスクリーンショットをアップロードして送信します。</li></ol><p>承認または却下されるとすぐにメッセージが届きます。</p>',
      },
      kor: {
        title: '충전 방법 단계별 안내',
        summary: '송금, 스크린샷 업로드, 심사 대기.',
        body: '<ol><li><strong>충전</strong>을 열고 채널을 선택합니다.</li><li>금액을 송금하고 표시된 참조 코드를 보관합니다.</li><li>송금 스크린샷을 업로드하고 제출합니다.</li></ol><p>충전이 승인되거나 거절되면 바로 메시지를 받습니다.</p>',
      },
      th: {
        title: 'ขั้นตอนการเติมเงิน',
        summary: 'โอนเงิน อัปโหลดภาพหน้าจอ รอการตรวจสอบ',
        body: '<ol><li>เปิด<strong>เติมเงิน</strong>และเลือกช่องทาง</li><li>โอนเงินและเก็บรหัสอ้างอิงที่แสดงไว้</li><li>อัปโหลดภาพหน้าจอการโอนแล้วส่ง</li></ol><p>คุณจะได้รับข้อความทันทีเมื่อการเติมเงินได้รับอนุมัติหรือถูกปฏิเสธ</p>',
      },
      vi: {
        title: 'Nạp tiền từng bước',
        summary: 'Chuyển khoản, tải ảnh chụp, chờ duyệt.',
        body: '<ol><li>Mở <strong>Nạp tiền</strong> và chọn kênh.</li><li>Chuyển số tiền và giữ mã tham chiếu hiển thị.</li><li>Tải ảnh chụp chuyển khoản lên và gửi.</li></ol><p>Bạn nhận tin nhắn ngay khi lệnh nạp được duyệt hoặc bị từ chối.</p>',
      },
      de: {
        title: 'Einzahlen Schritt für Schritt',
        summary: 'Überweisen, Screenshot hochladen, Prüfung abwarten.',
        body: '<ol><li>Öffnen Sie <strong>Einzahlen</strong> und wählen Sie einen Kanal.</li><li>Überweisen Sie den Betrag und notieren Sie den angezeigten Referenzcode.</li><li>Laden Sie einen Screenshot der Überweisung hoch und senden Sie ab.</li></ol><p>Sobald die Einzahlung genehmigt oder abgelehnt ist, erhalten Sie eine Nachricht.</p>',
      },
      fr: {
        title: 'Recharger étape par étape',
        summary: 'Virement, capture d’écran, examen.',
        body: '<ol><li>Ouvrez <strong>Recharger</strong> et choisissez un canal.</li><li>Virez le montant et gardez le code de référence affiché.</li><li>Téléversez une capture du virement et envoyez.</li></ol><p>Vous recevez un message dès que la recharge est approuvée ou refusée.</p>',
      },
      es: {
        title: 'Recargar paso a paso',
        summary: 'Transfiera, suba la captura y espere la revisión.',
        body: '<ol><li>Abra <strong>Recargar</strong> y elija un canal.</li><li>Transfiera el importe y guarde el código de referencia mostrado.</li><li>Suba una captura de la transferencia y envíela.</li></ol><p>Recibirá un mensaje en cuanto la recarga sea aprobada o rechazada.</p>',
      },
    },
  },
  {
    slug: 'activity-daily-checkin',
    kind: 'activity',
    activityType: 'promotion',
    tone: 'gold',
    link: '#/pages/user/activityCenter',
    text: {
      en: {
        title: 'Daily check-in reward',
        summary: 'Check in once a day for a reward credited to your balance.',
        body: '<h3>Rules</h3><ul><li>One check-in per platform day; the day changes at midnight platform time.</li><li>The reward shown on the check-in card is credited at once to your available balance.</li><li>Consecutive days build your streak; missing a day starts it again.</li></ul>',
      },
      zh: {
        title: '每日签到奖励',
        summary: '每天签到一次，奖励直接存入余额。',
        body: '<h3>规则</h3><ul><li>每个平台日签到一次，按平台时间零点换日。</li><li>签到卡上显示的奖励立即存入可用余额。</li><li>连续签到累计天数，中断一天则重新计算。</li></ul>',
      },
      hk: {
        title: '每日簽到獎勵',
        summary: '每天簽到一次，獎勵直接存入餘額。',
        body: '<h3>規則</h3><ul><li>每個平台日簽到一次，按平台時間零點換日。</li><li>簽到卡上顯示的獎勵立即存入可用餘額。</li><li>連續簽到累計天數，中斷一天則重新計算。</li></ul>',
      },
      jp: {
        title: '毎日チェックイン報酬',
        summary: '1日1回のチェックインで報酬を残高に入金。',
        body: '<h3>ルール</h3><ul><li>チェックインはプラットフォームの1日につき1回。日付はプラットフォーム時間の0時に変わります。</li><li>カードに表示された報酬はすぐに利用可能残高に入金されます。</li><li>連続した日数が記録され、1日休むとリセットされます。</li></ul>',
      },
      kor: {
        title: '매일 출석 보상',
        summary: '하루 한 번 출석하면 보상이 잔액에 지급됩니다.',
        body: '<h3>규칙</h3><ul><li>플랫폼 일 기준 하루 한 번 출석할 수 있으며, 날짜는 플랫폼 시간 자정에 바뀝니다.</li><li>출석 카드에 표시된 보상은 즉시 사용 가능 잔액에 지급됩니다.</li><li>연속 출석 일수가 쌓이며, 하루를 놓치면 다시 시작됩니다.</li></ul>',
      },
      th: {
        title: 'รางวัลเช็คอินรายวัน',
        summary: 'เช็คอินวันละครั้ง รับรางวัลเข้ายอดคงเหลือ',
        body: '<h3>กติกา</h3><ul><li>เช็คอินได้วันละครั้งตามวันของแพลตฟอร์ม วันเปลี่ยนเวลาเที่ยงคืนตามเวลาแพลตฟอร์ม</li><li>รางวัลที่แสดงบนการ์ดเช็คอินจะเข้ายอดคงเหลือที่ใช้ได้ทันที</li><li>วันต่อเนื่องจะนับเป็นสถิติ หากขาดหนึ่งวันจะเริ่มนับใหม่</li></ul>',
      },
      vi: {
        title: 'Thưởng điểm danh hằng ngày',
        summary: 'Điểm danh mỗi ngày một lần để nhận thưởng vào số dư.',
        body: '<h3>Quy tắc</h3><ul><li>Mỗi ngày nền tảng điểm danh một lần; ngày đổi lúc nửa đêm giờ nền tảng.</li><li>Phần thưởng hiển thị trên thẻ được cộng ngay vào số dư khả dụng.</li><li>Các ngày liên tiếp tạo thành chuỗi; bỏ một ngày sẽ tính lại từ đầu.</li></ul>',
      },
      de: {
        title: 'Tägliche Check-in-Belohnung',
        summary: 'Einmal täglich einchecken, Belohnung aufs Guthaben.',
        body: '<h3>Regeln</h3><ul><li>Ein Check-in pro Plattformtag; der Tag wechselt um Mitternacht Plattformzeit.</li><li>Die auf der Karte gezeigte Belohnung wird sofort Ihrem verfügbaren Guthaben gutgeschrieben.</li><li>Aufeinanderfolgende Tage bilden Ihre Serie; ein ausgelassener Tag beginnt sie neu.</li></ul>',
      },
      fr: {
        title: 'Récompense de pointage quotidien',
        summary: 'Pointez une fois par jour pour une récompense sur votre solde.',
        body: '<h3>Règles</h3><ul><li>Un pointage par jour de la plateforme ; le jour change à minuit, heure de la plateforme.</li><li>La récompense affichée sur la carte est créditée aussitôt sur votre solde disponible.</li><li>Les jours consécutifs forment votre série ; un jour manqué la fait repartir de zéro.</li></ul>',
      },
      es: {
        title: 'Recompensa por registro diario',
        summary: 'Regístrese una vez al día y reciba una recompensa en su saldo.',
        body: '<h3>Reglas</h3><ul><li>Un registro por día de la plataforma; el día cambia a medianoche, hora de la plataforma.</li><li>La recompensa indicada en la tarjeta se abona al instante a su saldo disponible.</li><li>Los días seguidos forman su racha; si falta un día, empieza de nuevo.</li></ul>',
      },
    },
  },
  {
    slug: 'activity-invite-friends',
    kind: 'activity',
    activityType: 'promotion',
    tone: 'violet',
    link: '#/pages/user/invite',
    text: {
      en: {
        title: 'Invite friends',
        summary: 'Share your invitation code; invited counts accumulate permanently.',
        body: '<h3>Rules</h3><ul><li>Every user has an invitation code and a QR code under <strong>Invite</strong>.</li><li>Friends register with your code; the invitation activity is permanent and your invited count accumulates.</li></ul>',
      },
      zh: {
        title: '邀请好友',
        summary: '分享邀请码，邀请人数永久累计。',
        body: '<h3>规则</h3><ul><li>每位用户在<strong>邀请</strong>页都有邀请码和二维码。</li><li>好友使用您的邀请码注册；邀请活动长期有效，邀请人数持续累计。</li></ul>',
      },
      hk: {
        title: '邀請好友',
        summary: '分享邀請碼，邀請人數永久累計。',
        body: '<h3>規則</h3><ul><li>每位用戶在<strong>邀請</strong>頁都有邀請碼和二維碼。</li><li>好友使用您的邀請碼註冊；邀請活動長期有效，邀請人數持續累計。</li></ul>',
      },
      jp: {
        title: '友だちを招待',
        summary: '招待コードを共有、招待人数は累計されます。',
        body: '<h3>ルール</h3><ul><li>すべてのユーザーは<strong>招待</strong>ページに招待コードとQRコードがあります。</li><li>友だちがあなたのコードで登録します。招待キャンペーンは常設で、招待人数は累計されます。</li></ul>',
      },
      kor: {
        title: '친구 초대',
        summary: '초대 코드를 공유하세요. 초대 인원은 계속 누적됩니다.',
        body: '<h3>규칙</h3><ul><li>모든 사용자는 <strong>초대</strong> 페이지에 초대 코드와 QR 코드가 있습니다.</li><li>친구가 내 코드로 가입하며, 초대 이벤트는 상시 진행되고 초대 인원은 누적됩니다.</li></ul>',
      },
      th: {
        title: 'ชวนเพื่อน',
        summary: 'แชร์รหัสเชิญ จำนวนผู้ที่เชิญสะสมตลอดไป',
        body: '<h3>กติกา</h3><ul><li>ผู้ใช้ทุกคนมีรหัสเชิญและคิวอาร์โค้ดในหน้า<strong>เชิญ</strong></li><li>เพื่อนสมัครด้วยรหัสของคุณ กิจกรรมเชิญเพื่อนมีตลอด และจำนวนผู้ที่เชิญจะสะสมเรื่อยๆ</li></ul>',
      },
      vi: {
        title: 'Mời bạn bè',
        summary: 'Chia sẻ mã mời; số người được mời cộng dồn vĩnh viễn.',
        body: '<h3>Quy tắc</h3><ul><li>Mỗi người dùng có mã mời và mã QR trong mục <strong>Mời</strong>.</li><li>Bạn bè đăng ký bằng mã của bạn; chương trình mời là vĩnh viễn và số người được mời cộng dồn.</li></ul>',
      },
      de: {
        title: 'Freunde einladen',
        summary: 'Teilen Sie Ihren Einladungscode; Einladungen zählen dauerhaft.',
        body: '<h3>Regeln</h3><ul><li>Jeder Nutzer hat unter <strong>Einladen</strong> einen Einladungscode und einen QR-Code.</li><li>Freunde registrieren sich mit Ihrem Code; die Aktion ist dauerhaft und Ihre Einladungen summieren sich.</li></ul>',
      },
      fr: {
        title: 'Inviter des amis',
        summary: 'Partagez votre code ; les invitations se cumulent sans limite de durée.',
        body: '<h3>Règles</h3><ul><li>Chaque utilisateur a un code d’invitation et un QR code dans <strong>Inviter</strong>.</li><li>Vos amis s’inscrivent avec votre code ; l’opération est permanente et vos invitations se cumulent.</li></ul>',
      },
      es: {
        title: 'Invitar amigos',
        summary: 'Comparta su código; las invitaciones se acumulan siempre.',
        body: '<h3>Reglas</h3><ul><li>Cada usuario tiene un código de invitación y un código QR en <strong>Invitar</strong>.</li><li>Sus amigos se registran con su código; la campaña es permanente y sus invitados se acumulan.</li></ul>',
      },
    },
  },
  {
    slug: 'activity-recharge-bonus',
    kind: 'activity',
    activityType: 'recharge',
    tone: 'up',
    link: '#/pages/user/recharge',
    text: {
      en: {
        title: 'Recharge bonus channels',
        summary: 'Some recharge channels add a bonus; the rate is shown before you pay.',
        body: '<h3>Rules</h3><ul><li>A channel with a bonus shows its rate on the recharge page before you transfer.</li><li>The bonus is credited together with the approved recharge and appears as its own record.</li><li>If a recharge is reversed, its bonus is reversed too.</li></ul>',
      },
      zh: {
        title: '充值赠送渠道',
        summary: '部分充值渠道有赠送，比例在付款前展示。',
        body: '<h3>规则</h3><ul><li>有赠送的渠道会在转账前于充值页展示赠送比例。</li><li>赠送金额随充值审核通过一起到账，并单独显示为一条记录。</li><li>充值被冲正时，赠送金额一并冲回。</li></ul>',
      },
      hk: {
        title: '充值贈送渠道',
        summary: '部分充值渠道有贈送，比例在付款前展示。',
        body: '<h3>規則</h3><ul><li>有贈送的渠道會在轉賬前於充值頁展示贈送比例。</li><li>贈送金額隨充值審核通過一起入賬，並單獨顯示為一條記錄。</li><li>充值被沖正時，贈送金額一併沖回。</li></ul>',
      },
      jp: {
        title: '入金ボーナスチャネル',
        summary: '一部の入金チャネルにはボーナスがあり、支払い前に率を表示します。',
        body: '<h3>ルール</h3><ul><li>ボーナス付きチャネルは振込前に入金ページで率を表示します。</li><li>ボーナスは入金の承認と同時に入金され、別の記録として表示されます。</li><li>入金が取り消された場合、ボーナスも取り消されます。</li></ul>',
      },
      kor: {
        title: '충전 보너스 채널',
        summary: '일부 충전 채널은 보너스가 있으며 결제 전 비율을 표시합니다.',
        body: '<h3>규칙</h3><ul><li>보너스가 있는 채널은 송금 전에 충전 페이지에 비율을 표시합니다.</li><li>보너스는 충전 승인과 함께 지급되며 별도의 기록으로 표시됩니다.</li><li>충전이 취소되면 보너스도 함께 취소됩니다.</li></ul>',
      },
      th: {
        title: 'ช่องทางเติมเงินพร้อมโบนัส',
        summary: 'บางช่องทางมีโบนัส แสดงอัตราก่อนชำระเงิน',
        body: '<h3>กติกา</h3><ul><li>ช่องทางที่มีโบนัสจะแสดงอัตราในหน้าเติมเงินก่อนโอน</li><li>โบนัสจะเข้าพร้อมการเติมเงินที่อนุมัติ และแสดงเป็นรายการแยก</li><li>หากการเติมเงินถูกยกเลิก โบนัสจะถูกยกเลิกด้วย</li></ul>',
      },
      vi: {
        title: 'Kênh nạp có thưởng',
        summary: 'Một số kênh nạp có thưởng; tỷ lệ hiển thị trước khi thanh toán.',
        body: '<h3>Quy tắc</h3><ul><li>Kênh có thưởng hiển thị tỷ lệ trên trang nạp trước khi chuyển khoản.</li><li>Tiền thưởng được cộng cùng lệnh nạp đã duyệt và hiển thị thành một bản ghi riêng.</li><li>Nếu lệnh nạp bị đảo, tiền thưởng cũng bị đảo.</li></ul>',
      },
      de: {
        title: 'Einzahlungskanäle mit Bonus',
        summary: 'Manche Kanäle geben einen Bonus; der Satz steht vor dem Bezahlen fest.',
        body: '<h3>Regeln</h3><ul><li>Ein Kanal mit Bonus zeigt seinen Satz auf der Einzahlungsseite vor der Überweisung.</li><li>Der Bonus wird mit der genehmigten Einzahlung gutgeschrieben und als eigener Eintrag geführt.</li><li>Wird eine Einzahlung storniert, wird auch ihr Bonus storniert.</li></ul>',
      },
      fr: {
        title: 'Canaux de recharge avec bonus',
        summary: 'Certains canaux ajoutent un bonus ; le taux est affiché avant le paiement.',
        body: '<h3>Règles</h3><ul><li>Un canal avec bonus affiche son taux sur la page de recharge avant le virement.</li><li>Le bonus est crédité avec la recharge approuvée et apparaît comme une ligne à part.</li><li>Si une recharge est annulée, son bonus l’est aussi.</li></ul>',
      },
      es: {
        title: 'Canales de recarga con bono',
        summary: 'Algunos canales añaden un bono; la tasa se muestra antes de pagar.',
        body: '<h3>Reglas</h3><ul><li>Un canal con bono muestra su tasa en la página de recarga antes de transferir.</li><li>El bono se abona junto con la recarga aprobada y aparece como registro propio.</li><li>Si una recarga se revierte, su bono también.</li></ul>',
      },
    },
  },
];
