// The words of the synthetic sample calls: invented dialogues in each listing's languages, with redaction tags
// where a real call would carry a name or a number, and the listing's own label fields. Nothing from real calls.

export type Line = { role: 0 | 1; language: string; text: string };
export type CallScript = { languages: string[]; lines: Line[]; labels: Record<string, unknown> };

const line = (role: 0 | 1, language: string, text: string): Line => ({ role, language, text });

export const CALL_SCRIPTS: Record<string, CallScript[]> = {
  'us-auto-insurance-claims-calls': [
    {
      languages: ['en-US'],
      lines: [
        line(0, 'en', 'Thank you for calling claims, this is [NAME]. Is everyone safe?'),
        line(1, 'en', 'Yes, thanks. A truck backed into my car at [LOCATION] this morning.'),
        line(0, 'en', 'I am sorry to hear that. Can I have your policy number?'),
        line(1, 'en', 'Sure, it is [POLICY_NUMBER].'),
      ],
      labels: { claim_type: 'collision', call_stage: 'first_notice_of_loss' },
    },
    {
      languages: ['es-US'],
      lines: [
        line(0, 'es', 'Buenas tardes, reclamaciones, le atiende [NAME].'),
        line(1, 'es', 'Hola, llamo por el parabrisas de mi camioneta, ya tengo la cotización.'),
        line(0, 'es', 'Perfecto, ¿me confirma el número de reclamo?'),
        line(1, 'es', 'Es el [CLAIM_NUMBER].'),
      ],
      labels: { claim_type: 'glass', call_stage: 'follow_up' },
    },
    {
      languages: ['en-US', 'es-US'],
      lines: [
        line(0, 'en', 'Claims department, how can I help you today?'),
        line(1, 'en', 'Hi, a tree fell on my car during the storm. Hablo mejor español.'),
        line(0, 'es', 'Claro que sí, con gusto. ¿Me da su nombre completo?'),
        line(1, 'es', 'Me llamo [NAME], y vivo en [LOCATION].'),
      ],
      labels: { claim_type: 'comprehensive', call_stage: 'first_notice_of_loss' },
    },
  ],
  'in-telecom-customer-support-calls': [
    {
      languages: ['hi-IN', 'en-IN'],
      lines: [
        line(0, 'hi', 'नमस्ते, मैं [NAME] बोल रहा हूँ, मैं आपकी क्या मदद कर सकता हूँ?'),
        line(1, 'hi', 'मेरा data pack activate नहीं हुआ, number है [PHONE_NUMBER].'),
        line(0, 'hi', 'एक मिनट, मैं आपका recharge check करता हूँ।'),
        line(1, 'en', 'Okay, please check quickly.'),
      ],
      labels: { issue: 'data plan', code_switching: true },
    },
    {
      languages: ['en-IN'],
      lines: [
        line(0, 'en', 'Good evening, thank you for calling, this is [NAME].'),
        line(1, 'en', 'Hello, I paid for a recharge but the balance is still zero.'),
        line(0, 'en', 'I can see the payment. It will reflect in ten minutes.'),
        line(1, 'en', 'Fine, thank you.'),
      ],
      labels: { issue: 'recharge', code_switching: false },
    },
    {
      languages: ['hi-IN', 'en-IN'],
      lines: [
        line(1, 'hi', 'मेरे घर पर network बिल्कुल नहीं आ रहा है।'),
        line(0, 'hi', 'कृपया अपना pin code बताइए।'),
        line(1, 'hi', 'पिन कोड है [POSTAL_CODE]।'),
        line(0, 'en', 'There is a tower upgrade in your area, it will be fixed by tomorrow.'),
      ],
      labels: { issue: 'network', code_switching: true },
    },
  ],
  'ph-telehealth-consultations': [
    {
      languages: ['fil-PH', 'en-PH'],
      lines: [
        line(0, 'fil', 'Magandang umaga po, ako si Doktor [NAME]. Ano po ang nararamdaman ninyo?'),
        line(1, 'fil', 'Tatlong araw na po akong may lagnat at ubo.'),
        line(0, 'en', 'Any difficulty breathing?'),
        line(1, 'fil', 'Wala naman po, pero masakit ang lalamunan ko.'),
      ],
      labels: { reason_code: 'R05', consult_type: 'new' },
    },
    {
      languages: ['en-PH'],
      lines: [
        line(0, 'en', 'Good afternoon, this is your follow-up for blood pressure.'),
        line(1, 'en', 'Yes doctor, my reading this morning was one thirty over eighty-five.'),
        line(0, 'en', 'That is better. Keep taking the same dose.'),
        line(1, 'en', 'Okay, thank you, doc.'),
      ],
      labels: { reason_code: 'K86', consult_type: 'follow-up' },
    },
    {
      languages: ['fil-PH'],
      lines: [
        line(0, 'fil', 'Kumusta po kayo ngayon?'),
        line(1, 'fil', 'Masakit po ang tiyan ko mula kahapon.'),
        line(0, 'fil', 'Saan po banda ang sakit?'),
        line(1, 'fil', 'Sa kanang ibaba po. Nagpatingin na ako sa [ORGANISATION].'),
      ],
      labels: { reason_code: 'D01', consult_type: 'new' },
    },
  ],
};
