import type { Language } from '@app/contracts';

/**
 * What each kind of inbox message says, per language; {name} is replaced by the message's parameter of that
 * name. A new kind needs its title and body in all ten languages (inbox.test checks it).
 */
type Text = { title: string; body: string };
export const INBOX_TEXTS: Record<string, Record<Language, Text>> = {
  deposit_approved: {
    en: { title: 'Recharge credited', body: 'Your recharge {reference} of {amount} U has been approved and credited.' },
    zh: { title: '充值已到账', body: '您的充值 {reference}（{amount} U）已审核通过并到账。' },
    hk: { title: '充值已入賬', body: '您的充值 {reference}（{amount} U）已審核通過並入賬。' },
    jp: { title: '入金が反映されました', body: '入金 {reference}（{amount} U）が承認され、残高に反映されました。' },
    kor: { title: '충전 완료', body: '충전 {reference} ({amount} U)이(가) 승인되어 입금되었습니다.' },
    th: { title: 'เติมเงินเข้าบัญชีแล้ว', body: 'รายการเติมเงิน {reference} จำนวน {amount} U ได้รับการอนุมัติและเข้าบัญชีแล้ว' },
    vi: {
      title: 'Nạp tiền thành công',
      body: 'Lệnh nạp {reference} số tiền {amount} U đã được duyệt và cộng vào tài khoản.',
    },
    de: {
      title: 'Einzahlung gutgeschrieben',
      body: 'Ihre Einzahlung {reference} über {amount} U wurde genehmigt und gutgeschrieben.',
    },
    fr: { title: 'Recharge créditée', body: 'Votre recharge {reference} de {amount} U a été approuvée et créditée.' },
    es: { title: 'Recarga abonada', body: 'Su recarga {reference} de {amount} U ha sido aprobada y abonada.' },
  },
  deposit_refused: {
    en: { title: 'Recharge refused', body: 'Your recharge {reference} of {amount} U was refused. Reason: {reason}' },
    zh: { title: '充值被拒绝', body: '您的充值 {reference}（{amount} U）未通过审核。原因：{reason}' },
    hk: { title: '充值被拒絕', body: '您的充值 {reference}（{amount} U）未通過審核。原因：{reason}' },
    jp: { title: '入金が却下されました', body: '入金 {reference}（{amount} U）は却下されました。理由：{reason}' },
    kor: { title: '충전 거절', body: '충전 {reference} ({amount} U)이(가) 거절되었습니다. 사유: {reason}' },
    th: { title: 'การเติมเงินถูกปฏิเสธ', body: 'รายการเติมเงิน {reference} จำนวน {amount} U ถูกปฏิเสธ เหตุผล: {reason}' },
    vi: {
      title: 'Nạp tiền bị từ chối',
      body: 'Lệnh nạp {reference} số tiền {amount} U đã bị từ chối. Lý do: {reason}',
    },
    de: {
      title: 'Einzahlung abgelehnt',
      body: 'Ihre Einzahlung {reference} über {amount} U wurde abgelehnt. Grund: {reason}',
    },
    fr: { title: 'Recharge refusée', body: 'Votre recharge {reference} de {amount} U a été refusée. Motif : {reason}' },
    es: { title: 'Recarga rechazada', body: 'Su recarga {reference} de {amount} U fue rechazada. Motivo: {reason}' },
  },
  withdrawal_approved: {
    en: {
      title: 'Withdrawal paid out',
      body: 'Your withdrawal of {amount} U has been approved and paid out ({received} U after fees).',
    },
    zh: { title: '提现已打款', body: '您的提现 {amount} U 已审核通过并打款（扣除手续费后 {received} U）。' },
    hk: { title: '提現已打款', body: '您的提現 {amount} U 已審核通過並打款（扣除手續費後 {received} U）。' },
    jp: {
      title: '出金が完了しました',
      body: '出金 {amount} U が承認され、送金されました（手数料差引後 {received} U）。',
    },
    kor: { title: '출금 완료', body: '출금 {amount} U이(가) 승인되어 지급되었습니다 (수수료 차감 후 {received} U).' },
    th: { title: 'ถอนเงินสำเร็จ', body: 'รายการถอน {amount} U ได้รับการอนุมัติและโอนแล้ว (หลังหักค่าธรรมเนียม {received} U)' },
    vi: { title: 'Đã chi trả rút tiền', body: 'Lệnh rút {amount} U đã được duyệt và chi trả ({received} U sau phí).' },
    de: {
      title: 'Auszahlung erfolgt',
      body: 'Ihre Auszahlung über {amount} U wurde genehmigt und ausgezahlt ({received} U nach Gebühren).',
    },
    fr: {
      title: 'Retrait versé',
      body: 'Votre retrait de {amount} U a été approuvé et versé ({received} U après frais).',
    },
    es: {
      title: 'Retiro pagado',
      body: 'Su retiro de {amount} U fue aprobado y pagado ({received} U tras comisiones).',
    },
  },
  withdrawal_refused: {
    en: {
      title: 'Withdrawal refused',
      body: 'Your withdrawal of {amount} U was refused and the full amount returned to your balance. Reason: {reason}',
    },
    zh: { title: '提现被拒绝', body: '您的提现 {amount} U 未通过审核，全部金额已退回余额。原因：{reason}' },
    hk: { title: '提現被拒絕', body: '您的提現 {amount} U 未通過審核，全部金額已退回餘額。原因：{reason}' },
    jp: { title: '出金が却下されました', body: '出金 {amount} U は却下され、全額が残高に戻されました。理由：{reason}' },
    kor: { title: '출금 거절', body: '출금 {amount} U이(가) 거절되어 전액이 잔액으로 반환되었습니다. 사유: {reason}' },
    th: {
      title: 'การถอนเงินถูกปฏิเสธ',
      body: 'รายการถอน {amount} U ถูกปฏิเสธ และคืนเงินเต็มจำนวนเข้ายอดคงเหลือแล้ว เหตุผล: {reason}',
    },
    vi: {
      title: 'Rút tiền bị từ chối',
      body: 'Lệnh rút {amount} U đã bị từ chối, toàn bộ số tiền đã hoàn về số dư. Lý do: {reason}',
    },
    de: {
      title: 'Auszahlung abgelehnt',
      body: 'Ihre Auszahlung über {amount} U wurde abgelehnt, der volle Betrag ist zurück auf Ihrem Guthaben. Grund: {reason}',
    },
    fr: {
      title: 'Retrait refusé',
      body: 'Votre retrait de {amount} U a été refusé et le montant total est revenu sur votre solde. Motif : {reason}',
    },
    es: {
      title: 'Retiro rechazado',
      body: 'Su retiro de {amount} U fue rechazado y el importe total volvió a su saldo. Motivo: {reason}',
    },
  },
  plan_matured: {
    en: {
      title: 'Plan matured',
      body: '{title} has matured: {principal} U principal and {interest} U interest returned to your balance.',
    },
    zh: { title: '理财到期', body: '{title} 已到期：本金 {principal} U 和收益 {interest} U 已返还至余额。' },
    hk: { title: '理財到期', body: '{title} 已到期：本金 {principal} U 和收益 {interest} U 已返還至餘額。' },
    jp: {
      title: 'プランが満期になりました',
      body: '{title} が満期になりました：元本 {principal} U と利息 {interest} U を残高に戻しました。',
    },
    kor: {
      title: '상품 만기',
      body: '{title} 만기: 원금 {principal} U와 이자 {interest} U가 잔액으로 반환되었습니다.',
    },
    th: {
      title: 'แผนครบกำหนด',
      body: '{title} ครบกำหนดแล้ว: คืนเงินต้น {principal} U และดอกเบี้ย {interest} U เข้ายอดคงเหลือ',
    },
    vi: { title: 'Gói đáo hạn', body: '{title} đã đáo hạn: gốc {principal} U và lãi {interest} U đã trả về số dư.' },
    de: {
      title: 'Plan fällig',
      body: '{title} ist fällig: {principal} U Kapital und {interest} U Zinsen wurden Ihrem Guthaben gutgeschrieben.',
    },
    fr: {
      title: 'Plan arrivé à échéance',
      body: '{title} est arrivé à échéance : {principal} U de capital et {interest} U d’intérêts reversés sur votre solde.',
    },
    es: {
      title: 'Plan vencido',
      body: '{title} ha vencido: {principal} U de capital y {interest} U de intereses devueltos a su saldo.',
    },
  },
  checkin_reward: {
    en: { title: 'Check-in reward', body: 'Day {streak} in a row: {amount} U credited to your balance.' },
    zh: { title: '签到奖励', body: '连续签到第 {streak} 天：{amount} U 已存入余额。' },
    hk: { title: '簽到獎勵', body: '連續簽到第 {streak} 天：{amount} U 已存入餘額。' },
    jp: { title: 'チェックイン報酬', body: '{streak} 日連続：{amount} U を残高に入金しました。' },
    kor: { title: '출석 보상', body: '{streak}일 연속 출석: {amount} U가 잔액에 지급되었습니다.' },
    th: { title: 'รางวัลเช็คอิน', body: 'เช็คอินต่อเนื่องวันที่ {streak}: ได้รับ {amount} U เข้ายอดคงเหลือ' },
    vi: { title: 'Thưởng điểm danh', body: 'Ngày thứ {streak} liên tiếp: đã cộng {amount} U vào số dư.' },
    de: {
      title: 'Check-in-Belohnung',
      body: 'Tag {streak} in Folge: {amount} U wurden Ihrem Guthaben gutgeschrieben.',
    },
    fr: { title: 'Récompense de pointage', body: '{streak}e jour d’affilée : {amount} U crédités sur votre solde.' },
    es: { title: 'Recompensa diaria', body: 'Día {streak} seguido: {amount} U abonados a su saldo.' },
  },
  support_reply: {
    en: { title: 'Customer service replied', body: 'You have a new answer from customer service.' },
    zh: { title: '客服已回复', body: '您收到一条新的客服回复。' },
    hk: { title: '客服已回覆', body: '您收到一條新的客服回覆。' },
    jp: { title: 'カスタマーサービスから返信', body: 'カスタマーサービスから新しい返信があります。' },
    kor: { title: '고객센터 답변', body: '고객센터의 새 답변이 있습니다.' },
    th: { title: 'ฝ่ายบริการลูกค้าตอบกลับแล้ว', body: 'คุณได้รับคำตอบใหม่จากฝ่ายบริการลูกค้า' },
    vi: { title: 'CSKH đã trả lời', body: 'Bạn có câu trả lời mới từ bộ phận chăm sóc khách hàng.' },
    de: { title: 'Kundenservice hat geantwortet', body: 'Sie haben eine neue Antwort vom Kundenservice.' },
    fr: { title: 'Le service client a répondu', body: 'Vous avez une nouvelle réponse du service client.' },
    es: { title: 'Atención al cliente respondió', body: 'Tiene una nueva respuesta de atención al cliente.' },
  },
  realname_approved: {
    en: { title: 'Real-name verified', body: 'Your real-name authentication has been approved.' },
    zh: { title: '实名认证通过', body: '您的实名认证已审核通过。' },
    hk: { title: '實名認證通過', body: '您的實名認證已審核通過。' },
    jp: { title: '本人確認が完了しました', body: '本人確認が承認されました。' },
    kor: { title: '실명 인증 완료', body: '실명 인증이 승인되었습니다.' },
    th: { title: 'ยืนยันตัวตนสำเร็จ', body: 'การยืนยันตัวตนของคุณได้รับการอนุมัติแล้ว' },
    vi: { title: 'Xác minh danh tính thành công', body: 'Yêu cầu xác minh danh tính của bạn đã được duyệt.' },
    de: { title: 'Identität bestätigt', body: 'Ihre Identitätsprüfung wurde genehmigt.' },
    fr: { title: 'Identité vérifiée', body: 'Votre vérification d’identité a été approuvée.' },
    es: { title: 'Identidad verificada', body: 'Su verificación de identidad ha sido aprobada.' },
  },
  realname_refused: {
    en: { title: 'Real-name not approved', body: 'Your real-name authentication was not approved. Reason: {reason}' },
    zh: { title: '实名认证未通过', body: '您的实名认证未通过审核。原因：{reason}' },
    hk: { title: '實名認證未通過', body: '您的實名認證未通過審核。原因：{reason}' },
    jp: { title: '本人確認が承認されませんでした', body: '本人確認は承認されませんでした。理由：{reason}' },
    kor: { title: '실명 인증 거절', body: '실명 인증이 승인되지 않았습니다. 사유: {reason}' },
    th: { title: 'การยืนยันตัวตนไม่ผ่าน', body: 'การยืนยันตัวตนของคุณไม่ได้รับการอนุมัติ เหตุผล: {reason}' },
    vi: {
      title: 'Xác minh danh tính không được duyệt',
      body: 'Yêu cầu xác minh danh tính không được duyệt. Lý do: {reason}',
    },
    de: { title: 'Identität nicht bestätigt', body: 'Ihre Identitätsprüfung wurde nicht genehmigt. Grund: {reason}' },
    fr: {
      title: 'Identité non vérifiée',
      body: 'Votre vérification d’identité n’a pas été approuvée. Motif : {reason}',
    },
    es: { title: 'Identidad no verificada', body: 'Su verificación de identidad no fue aprobada. Motivo: {reason}' },
  },
  price_alert: {
    en: { title: 'Price alert: {symbol}', body: '{symbol} reached {price} ({direction} {target}).' },
    zh: { title: '价格提醒：{symbol}', body: '{symbol} 已达到 {price}（{direction} {target}）。' },
    hk: { title: '價格提醒：{symbol}', body: '{symbol} 已達到 {price}（{direction} {target}）。' },
    jp: { title: '価格アラート：{symbol}', body: '{symbol} が {price} に達しました（{direction} {target}）。' },
    kor: { title: '가격 알림: {symbol}', body: '{symbol}이(가) {price}에 도달했습니다 ({direction} {target}).' },
    th: { title: 'แจ้งเตือนราคา: {symbol}', body: '{symbol} แตะ {price} แล้ว ({direction} {target})' },
    vi: { title: 'Cảnh báo giá: {symbol}', body: '{symbol} đã đạt {price} ({direction} {target}).' },
    de: { title: 'Kursalarm: {symbol}', body: '{symbol} hat {price} erreicht ({direction} {target}).' },
    fr: { title: 'Alerte de prix : {symbol}', body: '{symbol} a atteint {price} ({direction} {target}).' },
    es: { title: 'Alerta de precio: {symbol}', body: '{symbol} alcanzó {price} ({direction} {target}).' },
  },
};
