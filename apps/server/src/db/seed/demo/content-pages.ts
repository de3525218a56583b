// The demo content pages: simple, safe HTML (h2, p, ul/li, a) in English and French.

export interface ContentPage {
  slug: string;
  titleEn: string;
  titleFr: string;
  bannerAttachment: 'scroll' | 'fixed';
  showInMenu: boolean;
  contentEn: string;
  contentFr: string;
}

export const contentPages: readonly ContentPage[] = [
  {
    slug: 'about',
    titleEn: 'About Us',
    titleFr: 'À propos',
    bannerAttachment: 'fixed',
    showInMenu: true,
    contentEn: `<h2>The Services Trade Portal</h2>
<p>The Services Trade Portal is the East African Community's public record of the measures that restrict trade in services between its partner states. It brings together the restrictions identified by the partner states and the Secretariat, the notifications of new measures, indicators of restrictiveness and the complaints lodged by traders and service suppliers.</p>
<h2>The Common Market Protocol</h2>
<p>Under the Protocol on the Establishment of the East African Community Common Market, which entered into force on 1 July 2010, the partner states committed to the free movement of services and service suppliers and to the progressive removal of restrictions according to their schedules of commitments. The portal helps to monitor these commitments by making every recorded measure visible, with its legal basis, the sectors and modes of supply it affects and its status.</p>
<ul>
<li>Browse the restrictions recorded for each partner state and sector.</li>
<li>Follow the notifications of new or amended measures.</li>
<li>Compare partner states with the restrictiveness indicators.</li>
<li>Report a barrier you have met, online or by SMS, and follow its review.</li>
</ul>
<h2>Who maintains it</h2>
<p>The portal is maintained by the Directorate of Trade of the EAC Secretariat in Arusha, with national focal points in the ministries responsible for EAC affairs and trade in each partner state. The national regulators review the complaints that concern their country, and regional reviewers and the Council handle those that cannot be resolved nationally.</p>
<p>Questions and corrections are welcome: write to <a href="mailto:services.portal@eac.example">services.portal@eac.example</a>.</p>`,
    contentFr: `<h2>Le portail du commerce des services</h2>
<p>Le portail du commerce des services est le registre public, tenu par la Communauté d’Afrique de l’Est, des mesures qui restreignent le commerce des services entre ses États partenaires. Il réunit les restrictions recensées par les États partenaires et le Secrétariat, les notifications de nouvelles mesures, des indicateurs de restrictivité et les plaintes déposées par les commerçants et les prestataires de services.</p>
<h2>Le Protocole sur le marché commun</h2>
<p>Aux termes du Protocole portant création du marché commun de la Communauté d’Afrique de l’Est, entré en vigueur le 1er juillet 2010, les États partenaires se sont engagés à assurer la libre circulation des services et des prestataires de services et à supprimer progressivement les restrictions conformément à leurs listes d’engagements. Le portail contribue au suivi de ces engagements en rendant visible chaque mesure recensée, avec son fondement juridique, les secteurs et les modes de fourniture concernés et son statut.</p>
<ul>
<li>Consultez les restrictions recensées pour chaque État partenaire et chaque secteur.</li>
<li>Suivez les notifications de mesures nouvelles ou modifiées.</li>
<li>Comparez les États partenaires grâce aux indicateurs de restrictivité.</li>
<li>Signalez un obstacle rencontré, en ligne ou par SMS, et suivez son examen.</li>
</ul>
<h2>Qui gère le portail</h2>
<p>Le portail est géré par la Direction du commerce du Secrétariat de la CAE à Arusha, avec des points focaux nationaux au sein des ministères chargés des affaires de la CAE et du commerce dans chaque État partenaire. Les régulateurs nationaux examinent les plaintes qui concernent leur pays\u202f; les examinateurs régionaux et le Conseil traitent celles qui ne peuvent être résolues au niveau national.</p>
<p>Vos questions et corrections sont les bienvenues\u202f: écrivez à <a href="mailto:services.portal@eac.example">services.portal@eac.example</a>.</p>`,
  },
  {
    slug: 'sms-how-to',
    titleEn: 'Reporting a barrier by SMS',
    titleFr: 'Signaler un obstacle par SMS',
    bannerAttachment: 'scroll',
    showInMenu: true,
    contentEn: `<h2>How SMS reporting works</h2>
<p>If you meet a barrier to trade in services, at a border post, in a government office or when applying for a licence, you can report it from any mobile phone, without internet access. Each partner state with an active service has its own short code; the numbers and instructions are listed on the SMS services page.</p>
<ul>
<li>Start your message with the keyword NTB.</li>
<li>Describe the barrier in a few words: what happened and which service is affected.</li>
<li>Add the place (for example the border post) and your name.</li>
<li>Send the message to the short code of the partner state where the barrier occurred.</li>
</ul>
<h2>What happens next</h2>
<p>You receive a reply with a complaint reference, such as CMP-2026-000123. Your report is registered as a complaint and reviewed first by the national regulator, then, if needed, by the regional reviewers and the Council. Each stage has a deadline, and you are informed by SMS when the status of your complaint changes.</p>
<p>To add documents or follow your complaint in detail, <a href="/register">create an account</a> on the portal with the same phone number.</p>`,
    contentFr: `<h2>Comment fonctionne le signalement par SMS</h2>
<p>Si vous rencontrez un obstacle au commerce des services, à un poste frontière, dans une administration ou lors d’une demande de licence, vous pouvez le signaler depuis n’importe quel téléphone mobile, sans accès à Internet. Chaque État partenaire disposant d’un service actif a son propre numéro court\u202f; les numéros et les instructions figurent sur la page des services SMS.</p>
<ul>
<li>Commencez votre message par le mot-clé NTB.</li>
<li>Décrivez l’obstacle en quelques mots\u202f: ce qui s’est passé et le service concerné.</li>
<li>Indiquez le lieu (par exemple le poste frontière) et votre nom.</li>
<li>Envoyez le message au numéro court de l’État partenaire où l’obstacle s’est produit.</li>
</ul>
<h2>La suite</h2>
<p>Vous recevez une réponse contenant la référence de votre plainte, par exemple CMP-2026-000123. Votre signalement est enregistré comme plainte et examiné d’abord par le régulateur national puis, si nécessaire, par les examinateurs régionaux et le Conseil. Chaque étape est soumise à un délai, et vous êtes informé par SMS de chaque changement de statut.</p>
<p>Pour joindre des documents ou suivre votre plainte en détail, <a href="/register">créez un compte</a> sur le portail avec le même numéro de téléphone.</p>`,
  },
  {
    slug: 'privacy',
    titleEn: 'Privacy Policy',
    titleFr: 'Politique de confidentialité',
    bannerAttachment: 'scroll',
    showInMenu: false,
    contentEn: `<h2>What we collect</h2>
<p>When you create an account we keep your name, e-mail address, country of residence, preferred language and, if you give it, your phone number. When you lodge a complaint we keep its content, the documents you attach and the history of its review.</p>
<h2>How we use it</h2>
<ul>
<li>To review your complaint and tell you about its progress.</li>
<li>To share the complaint with the regulators and reviewers who handle it, and with no one else.</li>
<li>To produce anonymous statistics on the barriers reported.</li>
</ul>
<h2>Your rights</h2>
<p>You can see and correct your details on your profile page at any time and ask for your account to be closed. Complaints are kept for as long as needed to monitor the commitments of the partner states, after which they are anonymised. For any question about your data, write to <a href="mailto:privacy@eac.example">privacy@eac.example</a>.</p>`,
    contentFr: `<h2>Données collectées</h2>
<p>Lorsque vous créez un compte, nous conservons votre nom, votre adresse électronique, votre pays de résidence, votre langue préférée et, si vous l’indiquez, votre numéro de téléphone. Lorsque vous déposez une plainte, nous conservons son contenu, les documents joints et l’historique de son examen.</p>
<h2>Utilisation des données</h2>
<ul>
<li>Pour examiner votre plainte et vous informer de son avancement.</li>
<li>Pour transmettre la plainte aux régulateurs et examinateurs qui la traitent, et à personne d’autre.</li>
<li>Pour établir des statistiques anonymes sur les obstacles signalés.</li>
</ul>
<h2>Vos droits</h2>
<p>Vous pouvez à tout moment consulter et corriger vos informations sur la page de votre profil et demander la fermeture de votre compte. Les plaintes sont conservées aussi longtemps que nécessaire au suivi des engagements des États partenaires, puis anonymisées. Pour toute question sur vos données, écrivez à <a href="mailto:privacy@eac.example">privacy@eac.example</a>.</p>`,
  },
  {
    slug: 'terms-of-use',
    titleEn: 'Terms of Use',
    titleFr: 'Conditions d’utilisation',
    bannerAttachment: 'scroll',
    showInMenu: false,
    contentEn: `<h2>Use of the information</h2>
<p>The information on this portal is provided to promote transparency in trade in services. It is compiled with care from official sources, but it has no legal force: the laws and regulations published by each partner state prevail. You may reproduce the data with acknowledgement of the source.</p>
<h2>Complaints</h2>
<ul>
<li>Give accurate information and report only barriers you have experienced or witnessed.</li>
<li>Do not include personal data of other people beyond what is needed to describe the barrier.</li>
<li>Abusive or manifestly unfounded complaints may be rejected and the account closed.</li>
</ul>
<h2>Contact</h2>
<p>For questions about these terms, write to <a href="mailto:services.portal@eac.example">services.portal@eac.example</a>.</p>`,
    contentFr: `<h2>Utilisation des informations</h2>
<p>Les informations de ce portail sont fournies pour favoriser la transparence du commerce des services. Elles sont établies avec soin à partir de sources officielles mais n’ont aucune valeur juridique\u202f: seuls font foi les lois et règlements publiés par chaque État partenaire. Vous pouvez reproduire les données en citant la source.</p>
<h2>Plaintes</h2>
<ul>
<li>Donnez des informations exactes et ne signalez que les obstacles que vous avez rencontrés ou constatés.</li>
<li>N’indiquez pas de données personnelles de tiers au-delà de ce qui est nécessaire pour décrire l’obstacle.</li>
<li>Les plaintes abusives ou manifestement infondées peuvent être rejetées et le compte fermé.</li>
</ul>
<h2>Contact</h2>
<p>Pour toute question sur ces conditions, écrivez à <a href="mailto:services.portal@eac.example">services.portal@eac.example</a>.</p>`,
  },
];
