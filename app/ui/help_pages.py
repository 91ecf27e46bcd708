"""The rules-and-help pages, in Ukrainian, Russian and English, as plain text.

Each page is a tuple of sections; every language has the same sections, with the
same stable anchors in the same order, so the view can link to "#bait" in any
language. A block is either a paragraph (a ``str``) or a bulleted list (a
``tuple`` of ``str``). The text holds no markup: the view escapes it.

>>> [section.anchor for section in help_sections("en")][:4]
['game', 'cards', 'melds', 'debertz']
>>> help_sections("fr") == help_sections("uk")
True
>>> help_sections("ru")[0].title
'Игра вкратце'
"""

from __future__ import annotations

from dataclasses import dataclass

Block = str | tuple[str, ...]

DEFAULT_LANG = "uk"


@dataclass(frozen=True)
class HelpSection:
    """One section of a help page.

    >>> section = HelpSection("pot", "The pot", ("Eggs hang in the pot.", ("one", "two")))
    >>> section.blocks[1]
    ('one', 'two')
    """

    anchor: str
    title: str
    blocks: tuple[Block, ...]


def _section(anchor: str, title: str, *blocks: Block) -> HelpSection:
    """Build a section from its blocks, in reading order."""
    return HelpSection(anchor, title, blocks)


_UK: tuple[HelpSection, ...] = (
    _section(
        "game",
        "Гра коротко",
        "Деберць — карткова гра на взятки для двох, трьох або чотирьох гравців. Удвох і втрьох "
        "кожен грає сам за себе. Учотирьох зазвичай грають двома командами по двоє, і партнери "
        "сидять один навпроти одного; можна грати й учотирьох кожен за себе.",
        "У колоді 32 карти: у кожній масті сімка, вісімка, дев’ятка, десятка, валет, дама, "
        "король і туз. Зрештою кожен тримає 9 карт, а коли грають учотирьох — по 8.",
        "Роздають по черзі: після кожної роздачі, навіть перездачі, карти роздає гравець ліворуч "
        "від попереднього роздавача.",
        "Коли карти роздано, одну кладуть відкритою. Першим говорить гравець ліворуч від "
        "роздавача: він може взяти масть цієї карти козирем або сказати «пас», і далі право "
        "йде по колу до роздавача. Коли пасують усі, йде друге коло: тепер кожен по черзі може "
        "оголосити козирною будь-яку іншу масть. Якщо й тоді всі пас, карти збирають, і роздає "
        "наступний.",
        "Хто взяв козир, той грає: його сторона мусить набрати за роздачу більше, ніж суперники, "
        "інакше їй пишуть байт.",
        "За деякими столами роздавач не має права пасувати, якщо до нього спасували всі: він "
        "мусить обрати козир сам. Це гра «з зобов’язанням», і перездач у ній немає.",
    ),
    _section(
        "cards",
        "Скільки коштують карти",
        "У козирній масті:",
        (
            "валет — 20",
            "дев’ятка — 14",
            "туз — 11",
            "десятка — 10",
            "король — 4",
            "дама — 3",
            "вісімка і сімка — 0",
        ),
        "У кожній іншій масті:",
        (
            "туз — 11",
            "десятка — 10",
            "король — 4",
            "дама — 3",
            "валет — 2",
            "дев’ятка, вісімка і сімка — 0",
        ),
        "Усі карти разом дають 152 очки, а остання взятка приносить ще 10. Отже, роздача без "
        "комбінацій коштує рівно 162 очки. Жодна карта не коштує 1 очко, тож ні 1, ні 161 "
        "очко за карти набрати не можна.",
    ),
    _section(
        "melds",
        "Комбінації",
        "Комбінації оголошують на початку роздачі. Для послідовностей карти йдуть у звичайному "
        "порядку: туз, король, дама, валет, десятка, дев’ятка, вісімка, сімка.",
        (
            "Терц — три карти однієї масті підряд: 20 очок.",
            "Полтинник — чотири карти однієї масті підряд: 50 очок.",
            "Белла — козирні король і дама в одного гравця: 20 очок.",
        ),
        "Послідовності записує лише одна сторона — та, у якої найстарша. Будь-який полтинник "
        "старший за будь-який терц, а з двох рівних за довжиною старша та, що з вищих карт. Ця "
        "сторона записує всі свої терци й полтинники, інші не записують жодного.",
        "Беллу записує той, хто її оголосив, що б не мали інші.",
        "Якщо увімкнено правило «послідовності лише зі взяткою» (так за замовчуванням), терци й "
        "полтинники сторони, що не взяла жодної взятки, згоряють. Белла рахується завжди.",
        "Усе записане додається до вартості роздачі: 162 очки за карти і терц дають роздачу "
        "вартістю 182.",
    ),
    _section(
        "debertz",
        "Деберць",
        "Хто має на руках сім козирів підряд, має деберць. Його сторона виграє гру відразу, "
        "навіть якщо рахунок був не на її користь.",
        "У застосунку позначте в роздачі, хто оголосив деберць. Якщо роздачу не догравали, очки "
        "за карти можна не вводити: тоді роздача нічого не додає. Якщо їх ввести, роздача "
        "рахується як звичайна, і після неї гра закінчується.",
    ),
    _section(
        "bait",
        "Зіграно чи байт",
        "Наприкінці роздачі кожна сторона додає до своїх очок за карти записані послідовності "
        "та беллу. Це її сума за роздачу, а всі суми разом — вартість роздачі.",
        "Суму сторони, що взяла козир, порівнюють із сумою суперників:",
        (
            "Більше — роздачу зіграно: кожна сторона записує свою суму.",
            (
                "Менше — це байт: ті, хто грав, записують 0, а суперники забирають усю вартість "
                "роздачі."
            ),
            "Порівну — це яйця, про них нижче.",
        ),
        "Приклад удвох: козир узяв перший гравець, за карти 70 і 92, у першого белла. Суми — "
        "90 і 92, вартість — 182. Це байт: перший записує 0, другий — 182.",
        "Коли суперників двоє (утрьох або вчотирьох кожен за себе), перед грою обирають, кого "
        "треба перебити: найсильнішого з суперників (за замовчуванням) або обох разом.",
    ),
    _section(
        "eggs",
        "Яйця",
        "Яйця — це нічия: сторона, що взяла козир, набрала рівно стільки ж, скільки суперники. "
        "Як їх рахувати, обирають перед грою:",
        (
            (
                "Висять (за замовчуванням): суперники отримують своє, а сума сторони, що брала "
                "козир, іде в банк і дістанеться переможцю однієї з наступних роздач."
            ),
            "Суперникам: така нічия — те саме, що байт, зокрема й для штрафу за байти.",
            "Кожному своє: усі сторони, і та, що грала, записують свої суми.",
        ),
        "Приклад: за карти 81 і 81, козир брав перший. Коли яйця висять, другий записує 81, а 81 "
        "очко першого чекає в банку.",
    ),
    _section(
        "pot",
        "Висячі очки",
        "Очки, що повисли після яєць, лежать у банку. Увесь банк забирає переможець наступної "
        "роздачі: сторона, що взяла козир, якщо роздачу зіграно, або суперник із найбільшою "
        "сумою, якщо це байт.",
        "Коли переможця немає — знову яйця або двоє суперників після байту набрали порівну, — "
        "банк висить далі, а нові яйця додаються до нього. Перездача банку не змінює.",
        "Приклад: у банку 81. Наступну роздачу грав другий: 100 за карти і терц, разом 120, "
        "у першого 62. Роздачу зіграно, тож другий записує 120 і забирає банк: за цю роздачу "
        "він отримує 201.",
        "Якщо гра скінчилася, а в банку ще щось лишилося, ці очки нікому не дістаються; "
        "застосунок показує, скільки їх висить.",
    ),
    _section(
        "bait_split",
        "Байт утрьох",
        "Коли суперників двоє (утрьох або вчотирьох кожен за себе), вартість байту ділять за "
        "правилом, обраним перед грою:",
        (
            (
                "Лідеру (за замовчуванням): усю вартість забирає суперник із найбільшою сумою, "
                "другий записує 0. Якщо обидва набрали порівну, вони ділять її навпіл."
            ),
            (
                "Очки граючого лідеру: кожен суперник записує свою суму, а лідер ще й забирає "
                "суму того, хто грав."
            ),
            (
                "Навпіл: вартість ділять порівну між усіма суперниками (учотирьох кожен за себе — "
                "на трьох)."
            ),
        ),
        "Приклад утрьох: козир узяв перший, за карти 50, 70 і 42 — це байт. Лідеру: 0, 162, 0. "
        "Очки граючого лідеру: 0, 120, 42. Навпіл: 0, 81, 81.",
        "Якщо очки не діляться порівну, зайве очко отримує той, хто раніше в черзі від "
        "гравця ліворуч від роздавача; роздавач у цій черзі останній.",
    ),
    _section(
        "penalties",
        "Штрафи",
        "Штрафи за замовчуванням вимкнені. Якщо за вашим столом ними грають, увімкніть їх перед "
        "грою, і застосунок сам зніматиме очки. Рахунок може стати й від’ємним.",
        (
            (
                "Повторні байти: рахуються байти, які сторона дістала, коли сама взяла козир. "
                "Команда рахується разом."
            ),
            (
                "Лижі: сторона пройшла роздачу без жодної взятки. У роздачі позначте таку сторону; "
                "це можна лише тоді, коли в неї 0 очок за карти."
            ),
        ),
        "Для кожного штрафу обирають, скільки він коштує (зазвичай 50 або 100 очок; можна "
        "будь-яке кратне 10 від 10 до 300), і коли його знімають:",
        (
            "за кожен раз;",
            "лише за третій;",
            "за третій і всі подальші;",
            "за кожен третій: третій, шостий, дев’ятий і далі.",
        ),
        "Лічильник веде або всю гру, або тільки серію підряд. Серія байтів уривається, коли "
        "сторона взяла козир і не дістала байту; роздачі, де козир брав хтось інший, серію не "
        "рвуть і не продовжують. Серія лиж уривається, щойно сторона візьме хоч одну взятку. "
        "Перездачі не рахуються взагалі.",
    ),
    _section(
        "winning",
        "Перемога",
        "Грають до домовленої суми: 301 (коротка гра), 501 (за замовчуванням), 701 або 1001. "
        "Можна задати й будь-яке ціле число від 51 до 10001.",
        "Гра закінчується після роздачі, у якій хтось дійшов до цієї суми. Якщо дійшла одна "
        "сторона, вона й виграла. Якщо кілька, вирішує правило, обране перед грою:",
        (
            "Більше очок (за замовчуванням): виграє більший рахунок, а за рівного гра триває.",
            (
                "Хто грав: перемога за стороною, яка брала козир у цій роздачі, якщо вона дійшла "
                "до суми, навіть із меншим рахунком. Інакше — як «Більше очок»."
            ),
            (
                "Остання взятка: виграє сторона, що взяла останню взятку цієї роздачі, якщо вона "
                "дійшла до суми. Інакше — як «Більше очок». З цим правилом застосунок у кожній "
                "роздачі питає, хто взяв останню взятку."
            ),
        ),
        "Деберць виграє гру одразу, за будь-якого рахунку.",
        "Якщо після виправлення старої роздачі гра закінчилася раніше, пізніші роздачі "
        "лишаються в історії, але рахунку не змінюють, і застосунок це позначає.",
    ),
    _section(
        "presets",
        "Готові правила",
        "Створюючи гру, можна обрати готовий набір правил. Він лише виставляє пункти, описані "
        "вище, і гра зберігає саме їх.",
        (
            (
                "Стандартні: до 501; яйця висять; якщо до суми дійшли кілька сторін — більше "
                "очок; треба перебити найсильнішого суперника, а байт забирає лідер; послідовності "
                "лише зі взяткою; без штрафів і без зобов’язання."
            ),
            (
                "Московські: до 501; послідовності рахуються й без взятки; якщо до суми дійшли "
                "кілька сторін, виграє та, що взяла останню взятку; утрьох треба перебити обох "
                "суперників разом, а байт ділять навпіл."
            ),
            (
                "Вінницькі: учотирьох двома командами, до 1001, з зобов’язанням; штраф 100 за "
                "кожен третій байт за гру і 100 за кожну третю роздачу без взятки (лижі) за гру."
            ),
        ),
    ),
    _section(
        "app",
        "Як вести рахунок",
        (
            (
                "Нова гра: впишіть імена гравців за годинниковою стрілкою, оберіть, хто роздає "
                "першим, і правила."
            ),
            "Після кожної роздачі натисніть «Нова роздача» й оберіть, хто взяв козир.",
            (
                "Позначте комбінації: котра сторона записує послідовності, скільки в неї терців і "
                "полтинників, у кого белла. Якщо хтось не взяв жодної взятки, позначте й це."
            ),
            "Введіть очки за карти всіх сторін, крім однієї: решту до 162 застосунок допише сам.",
            (
                "Якщо всі двічі спасували, натисніть «Усі пас»: це перездача, ніхто нічого не "
                "записує, а роздає наступний. У грі з зобов’язанням перездач не буває."
            ),
        ),
        "Ще до збереження форма показує, що запише кожна сторона: зіграно, байт чи яйця, банк "
        "і штрафи. Якщо щось введено не так, поруч з’явиться пояснення, а введене не зникне.",
        "Застосунок сам стежить, хто роздає наступним.",
    ),
    _section(
        "editing",
        "Виправлення",
        "Будь-яку роздачу в історії можна відкрити дотиком і змінити або видалити. Усе, що "
        "після неї, перераховується: рахунок, банк, штрафи й черга роздавача.",
        "↶ скасовує останню дію, ↷ повертає скасоване.",
        "Коли гру закінчено, «Реванш» починає нову з тими самими гравцями й правилами.",
    ),
    _section(
        "offline",
        "Без інтернету",
        "Після першого відкриття застосунок працює без інтернету.",
        "Його можна встановити на головний екран: у меню браузера оберіть «Додати на головний "
        "екран» або «Встановити застосунок».",
        "Ігри зберігаються лише на цьому телефоні, у пам’яті браузера, і нікуди не "
        "надсилаються. Якщо очистити дані сайту в браузері, ігри зникнуть.",
    ),
)

_RU: tuple[HelpSection, ...] = (
    _section(
        "game",
        "Игра вкратце",
        "Деберц — карточная игра на взятки для двоих, троих или четверых. Вдвоём и втроём "
        "каждый играет сам за себя. Вчетвером обычно играют двумя командами по двое, партнёры "
        "сидят друг напротив друга; можно играть и вчетвером каждый за себя.",
        "Колода — 32 карты, от семёрки до туза в каждой масти. В итоге у каждого на руках "
        "9 карт, а когда играют вчетвером — по 8.",
        "Сдают по очереди: после каждой сдачи, даже пересдачи, карты сдаёт игрок слева от "
        "прежнего сдающего.",
        "После сдачи одну карту открывают. Первым говорит игрок слева от сдающего: он может "
        "взять масть этой карты козырем или сказать «пас», и дальше право идёт по кругу до "
        "сдающего. Если все спасовали, во втором круге можно назвать любую другую масть. Если "
        "и тогда все пас, карты собирают, и сдаёт следующий.",
        "Кто взял козырь, тот играет: его сторона должна набрать за сдачу больше, чем "
        "противники, иначе ей пишут байт.",
        "Некоторые играют «с обязом»: когда все остальные спасовали, сдающий обязан сам взять "
        "козырь, так что пересдач не бывает.",
    ),
    _section(
        "cards",
        "Сколько стоят карты",
        "В козырной масти:",
        (
            "валет — 20",
            "девятка — 14",
            "туз — 11",
            "десятка — 10",
            "король — 4",
            "дама — 3",
            "восьмёрка и семёрка — 0",
        ),
        "В каждой другой масти:",
        (
            "туз — 11",
            "десятка — 10",
            "король — 4",
            "дама — 3",
            "валет — 2",
            "девятка, восьмёрка и семёрка — 0",
        ),
        "Все карты вместе дают 152 очка, а последняя взятка приносит ещё 10. Значит, сдача без "
        "комбинаций стоит ровно 162 очка. Карты ценой в 1 очко нет, поэтому ни 1, ни 161 очко "
        "за карты набрать нельзя.",
    ),
    _section(
        "melds",
        "Комбинации",
        "Комбинации объявляют в начале сдачи. Для последовательностей карты идут в обычном "
        "порядке: туз, король, дама, валет, десятка, девятка, восьмёрка, семёрка.",
        (
            "Терц — три карты подряд в одной масти, это 20 очков.",
            "Полтинник — четыре карты подряд в одной масти, это 50 очков.",
            "Белла — козырные король и дама у одного игрока: 20 очков.",
        ),
        "Последовательности записывает только одна сторона — та, у которой старшая. "
        "Полтинник всегда старше терца, а из двух равных по длине старше та, что из более "
        "высоких карт. Эта сторона записывает все свои терцы и полтинники, остальные не "
        "записывают ни одного.",
        "Беллу записывает тот, кто её объявил, что бы ни было у других.",
        "Если включено правило «последовательности только со взяткой» (так по умолчанию), "
        "терцы и полтинники стороны, не взявшей ни одной взятки, сгорают. Белла считается "
        "всегда.",
        "Всё записанное прибавляется к стоимости сдачи: 162 очка за карты и терц дают сдачу "
        "стоимостью 182.",
    ),
    _section(
        "debertz",
        "Деберц",
        "Семь козырей подряд у одного игрока — это деберц. Сторона, которая его объявила, "
        "сразу выигрывает всю игру, каким бы ни был счёт.",
        "В приложении отметьте в сдаче, кто объявил деберц. Если сдачу не доигрывали, очки за "
        "карты можно не вводить: тогда сдача ничего не добавляет. Если их ввести, сдача "
        "считается как обычная, и после неё игра заканчивается.",
    ),
    _section(
        "bait",
        "Сыграно или байт",
        "В конце сдачи каждая сторона прибавляет к своим очкам за карты записанные "
        "последовательности и беллу. Это её сумма за сдачу, а все суммы вместе — стоимость "
        "сдачи.",
        "Сумму стороны, взявшей козырь, сравнивают с суммой противников:",
        (
            "Больше — сдача сыграна: каждая сторона записывает свою сумму.",
            (
                "Меньше — это байт: игравшие записывают 0, а противники забирают всю стоимость "
                "сдачи."
            ),
            "Поровну — это яйца, о них ниже.",
        ),
        "Пример вдвоём: козырь взял первый игрок, за карты 70 и 92, у первого белла. Суммы — "
        "90 и 92, стоимость — 182. Это байт: первый записывает 0, второй — 182.",
        "Когда противников двое (втроём или вчетвером каждый за себя), перед игрой выбирают, "
        "кого нужно перебить: сильнейшего из противников (по умолчанию) или обоих вместе.",
    ),
    _section(
        "eggs",
        "Яйца",
        "Яйца — это ничья: сторона, взявшая козырь, набрала ровно столько же, сколько "
        "противники. Как их считать, выбирают перед игрой:",
        (
            (
                "Висят (по умолчанию): противники записывают свои очки, а очки игравших остаются "
                "висеть, пока их не заберёт победитель одной из следующих сдач."
            ),
            "Противникам: ничья считается байтом во всём, даже в штрафе за байты.",
            "Каждому своё: каждая сторона записывает то, что набрала.",
        ),
        "Пример: за карты 81 и 81, козырь брал первый. Когда яйца висят, второй записывает 81, "
        "а 81 очко первого ждёт в банке.",
    ),
    _section(
        "pot",
        "Висячие очки",
        "Очки, повисшие после яиц, лежат в банке. Весь банк забирает победитель следующей "
        "сдачи: сторона, взявшая козырь, если сдача сыграна, или противник с наибольшей "
        "суммой, если это байт.",
        "Когда победителя нет — снова яйца или двое противников после байта набрали поровну, — "
        "банк висит дальше, а новые яйца добавляются к нему. Пересдача банк не меняет.",
        "Пример: в банке 81. Следующую сдачу играл второй: 100 за карты и терц, всего 120, у "
        "первого 62. Сдача сыграна, поэтому второй записывает 120 и забирает банк: за эту "
        "сдачу он получает 201.",
        "Если игра окончена, а в банке ещё что-то осталось, эти очки никому не достаются; "
        "приложение показывает, сколько их висит.",
    ),
    _section(
        "bait_split",
        "Байт втроём",
        "Когда противников двое (втроём или вчетвером каждый за себя), стоимость байта делят "
        "по правилу, выбранному перед игрой:",
        (
            (
                "Лидеру (по умолчанию): всю стоимость забирает противник с наибольшей суммой, "
                "второй записывает 0. Если оба набрали поровну, они делят её пополам."
            ),
            (
                "Очки игравшего лидеру: каждый противник записывает свою сумму, а лидер ещё и "
                "забирает сумму игравшего."
            ),
            (
                "Пополам: стоимость делят поровну между всеми противниками (вчетвером каждый за "
                "себя — на троих)."
            ),
        ),
        "Пример втроём: козырь взял первый, за карты 50, 70 и 42 — это байт. Лидеру: 0, 162, "
        "0. Очки игравшего лидеру: 0, 120, 42. Пополам: 0, 81, 81.",
        "Если очки не делятся поровну, лишнее очко получает тот, кто раньше в очереди от "
        "игрока слева от сдающего; сдающий в этой очереди последний.",
    ),
    _section(
        "penalties",
        "Штрафы",
        "Штрафы по умолчанию выключены. Если за вашим столом ими играют, включите их перед "
        "игрой, и приложение само будет снимать очки. Счёт может стать и отрицательным.",
        (
            (
                "Повторные байты: считаются байты, которые сторона получила, когда сама взяла "
                "козырь. Команда считается вместе."
            ),
            (
                "Голый: сторона за сдачу не взяла ни одной взятки. В сдаче отметьте такую сторону; "
                "это можно, только когда у неё 0 очков за карты."
            ),
        ),
        "Для каждого штрафа выбирают, сколько он стоит (обычно 50 или 100 очков; можно любое "
        "число, кратное 10, от 10 до 300), и когда его снимают:",
        (
            "за каждый раз;",
            "только за третий;",
            "за третий и каждый следующий;",
            "за каждый третий: третий, шестой, девятый и дальше.",
        ),
        "Считают либо за всю игру, либо только подряд. Серия байтов прерывается, когда сторона "
        "взяла козырь и не получила байт; сдачи, где козырь брал кто-то другой, серию не "
        "прерывают и не продолжают. Серия голых прерывается, как только сторона возьмёт хоть "
        "одну взятку. Пересдачи не считаются вовсе.",
    ),
    _section(
        "winning",
        "Победа",
        "Играют до условленной суммы: 301 (короткая игра), 501 (по умолчанию), 701 или 1001. "
        "Можно задать и любое целое число от 51 до 10001.",
        "Игра заканчивается после сдачи, в которой кто-то дошёл до этой суммы. Если дошла одна "
        "сторона, она и выиграла. Если несколько, решает правило, выбранное перед игрой:",
        (
            (
                "Больше очков (по умолчанию): выигрывает больший счёт, а при равном игра "
                "продолжается."
            ),
            (
                "Кто играл: выигрывает сторона, взявшая в этой сдаче козырь, если она дошла до "
                "суммы, даже с меньшим счётом. Иначе — как «Больше очков»."
            ),
            (
                "Последняя взятка: выигрывает сторона, взявшая последнюю взятку этой сдачи, если "
                "она дошла до суммы. Иначе — как «Больше очков». С этим правилом приложение в "
                "каждой сдаче спрашивает, кто взял последнюю взятку."
            ),
        ),
        "Деберц выигрывает игру сразу, при любом счёте.",
        "Если после исправления старой сдачи игра закончилась раньше, более поздние сдачи "
        "остаются в истории, но счёт не меняют, и приложение это отмечает.",
    ),
    _section(
        "presets",
        "Готовые правила",
        "Создавая игру, можно выбрать готовый набор правил. Он лишь выставляет пункты, "
        "описанные выше, и игра хранит именно их.",
        (
            (
                "Стандартные: до 501; яйца висят; если до суммы дошли несколько сторон — больше "
                "очков; нужно перебить сильнейшего противника, а байт забирает лидер; "
                "последовательности только со взяткой; без штрафов и без обяза."
            ),
            (
                "Московские: до 501; последовательности считаются и без взятки; если до суммы "
                "дошли несколько сторон, выигрывает та, что взяла последнюю взятку; втроём нужно "
                "перебить обоих противников вместе, а байт делят пополам."
            ),
            (
                "Винницкие: вчетвером двумя командами, до 1001, с обязом; штраф 100 за каждый "
                "третий байт за игру и 100 за каждую третью сдачу без взятки (голый) за игру."
            ),
        ),
    ),
    _section(
        "app",
        "Как вести счёт",
        (
            (
                "Новая игра: впишите имена игроков по часовой стрелке, выберите, кто сдаёт первым, "
                "и правила."
            ),
            "После каждой сдачи нажмите «Новая сдача» и выберите, кто взял козырь.",
            (
                "Отметьте комбинации: какая сторона записывает последовательности, сколько у неё "
                "терцев и полтинников, у кого белла. Если кто-то не взял ни одной взятки, "
                "отметьте и это."
            ),
            (
                "Введите очки за карты всех сторон, кроме одной: остаток до 162 приложение "
                "допишет само."
            ),
            (
                "Если все дважды спасовали, нажмите «Все пас»: это пересдача, никто ничего не "
                "записывает, а сдаёт следующий. В игре с обязом пересдач не бывает."
            ),
        ),
        "Ещё до сохранения форма показывает, что запишет каждая сторона: сыграно, байт или "
        "яйца, банк и штрафы. Если что-то введено не так, рядом появится пояснение, а "
        "введённое не пропадёт.",
        "Приложение само следит, кто сдаёт следующим.",
    ),
    _section(
        "editing",
        "Исправления",
        "Коснитесь любой сдачи в истории, чтобы исправить или удалить её. Всё, что после неё, "
        "пересчитывается: счёт, банк, штрафы и очередь сдающего.",
        "↶ отменяет последнее действие, ↷ возвращает отменённое.",
        "Когда игра окончена, «Реванш» начинает новую с теми же игроками и правилами.",
    ),
    _section(
        "offline",
        "Без интернета",
        "После первого открытия приложение работает без интернета.",
        "Его можно установить на главный экран: в меню браузера выберите «Добавить на главный "
        "экран» или «Установить приложение».",
        "Игры хранятся только на этом телефоне, в памяти браузера, и никуда не отправляются. "
        "Если очистить данные сайта в браузере, игры пропадут.",
    ),
)

_EN: tuple[HelpSection, ...] = (
    _section(
        "game",
        "The game in brief",
        "Debertz is a trick-taking card game for two, three or four players. With two or three, "
        "everyone plays for themselves. Four usually play as two teams of two, partners sitting "
        "opposite each other; four can also play each for themselves.",
        "The deck has 32 cards, seven to ace in every suit. In the end each player holds 9 "
        "cards, or 8 when four play.",
        "The deal goes round the table: after every hand, even a redeal, the player to the left "
        "of the last dealer deals.",
        "After the deal one card is turned face up. The player to the dealer's left speaks "
        "first: take that card's suit as trump, or say “pass”; then the turn goes round to the "
        "dealer. If everyone passes, in a second round any other suit may be named. If everyone "
        "passes again, the cards are thrown in and the next player deals.",
        "Whoever takes trump plays the hand: their side must score more than the opponents in "
        "it, or it is a bait.",
        "Some tables play with obligation: when everyone else has passed, the dealer must take "
        "trump, so there are no redeals.",
    ),
    _section(
        "cards",
        "What the cards are worth",
        "In the trump suit:",
        (
            "jack — 20",
            "nine — 14",
            "ace — 11",
            "ten — 10",
            "king — 4",
            "queen — 3",
            "eight and seven — 0",
        ),
        "In every other suit:",
        (
            "ace — 11",
            "ten — 10",
            "king — 4",
            "queen — 3",
            "jack — 2",
            "nine, eight and seven — 0",
        ),
        "All the cards together are worth 152 points, and the last trick brings 10 more, so a "
        "hand without melds is worth exactly 162. No card is worth 1 point, so a side can "
        "never have 1 or 161 card points.",
    ),
    _section(
        "melds",
        "Melds",
        "Melds are declared at the start of the hand. For sequences the cards run in the plain "
        "order: ace, king, queen, jack, ten, nine, eight, seven.",
        (
            "Terz — three cards of one suit in a row: 20 points.",
            "Fifty — four cards of one suit in a row: 50 points.",
            "Bella — the king and queen of trumps in one hand: 20 points.",
        ),
        "Only one side records sequences: the side holding the senior one. Any fifty beats any "
        "terz, and of two of the same length the one with higher cards wins. That side records "
        "all its terzes and fifties; the others record none.",
        "Bella is recorded by whoever declared it, whatever the others hold.",
        "When the option “sequences need a trick” is on (the default), the terzes and fifties "
        "of a side that took no trick at all are void. Bella always counts.",
        "Everything recorded adds to the hand's value: 162 card points and a terz make a hand "
        "worth 182.",
    ),
    _section(
        "debertz",
        "Debertz",
        "Seven trumps in a row in one player's hand is a debertz. The side that declares it "
        "wins the whole game at once, whatever the score.",
        "In the app, mark who declared debertz in the hand. If the hand was not played out, you "
        "may leave the card points empty, and the hand adds nothing. If you enter them, the "
        "hand is scored as usual and the game ends after it.",
    ),
    _section(
        "bait",
        "Made or bait",
        "At the end of a hand each side adds its recorded sequences and bella to its card "
        "points. That is the side's total for the hand; all the totals together are the hand's "
        "value.",
        "The total of the side that took trump is compared with the opponents':",
        (
            "Higher — the hand is made: every side records its own total.",
            (
                "Lower — a bait: the side that played records 0 and the opponents take the whole "
                "value of the hand."
            ),
            "Equal — eggs, see below.",
        ),
        "Example with two players: player one takes trump, card points 70 and 92, and player "
        "one has bella. Totals 90 and 92, value 182: a bait, so player one records 0 and player "
        "two records 182.",
        "When there are two opponents (three players, or four each for themselves), you choose "
        "before the game whom the taker must beat: the strongest opponent (the default) or both "
        "of them together.",
    ),
    _section(
        "eggs",
        "Eggs",
        "Eggs is a tie: the side that took trump scored exactly as much as the opponents. How "
        "eggs are scored is chosen before the game:",
        (
            (
                "Hang (the default): the opponents record their own points, and the taker's points "
                "hang until the winner of a later hand takes them."
            ),
            ("To the opponents: the tie counts as a bait in every way, the bait penalty included."),
            "Each keeps their own: every side records what it scored.",
        ),
        "Example: card points 81 and 81, player one took trump. When eggs hang, player two "
        "records 81 and player one's 81 wait in the pot.",
    ),
    _section(
        "pot",
        "Hanging points",
        "Points left hanging by eggs go into the pot. The winner of the next hand takes the "
        "whole pot: the side that took trump if the hand is made, or the opponent with the "
        "highest total if it is a bait.",
        "When a hand has no winner (eggs again, or two opponents tied after a bait), the pot "
        "keeps hanging, and new eggs are added to it. A redeal does not touch the pot.",
        "Example: 81 in the pot. Player two plays the next hand: 100 card points and a terz, "
        "120 in all, against 62. The hand is made, so player two records 120 and takes the "
        "pot: 201 from this hand.",
        "If the game ends with points still in the pot, nobody gets them; the app shows how "
        "many are left hanging.",
    ),
    _section(
        "bait_split",
        "Bait with three players",
        "When there are two opponents (three players, or four each for themselves), the value "
        "of a bait is shared by the rule chosen before the game:",
        (
            (
                "To the leader (the default): the opponent with the highest total takes the whole "
                "value and the other records 0. If they are tied, they split it."
            ),
            (
                "Taker's points to the leader: each opponent records its own total, and the leader "
                "also takes the taker's total."
            ),
            (
                "Halves: the value is split equally among all the opponents (three ways when four "
                "play each for themselves)."
            ),
        ),
        "Example with three players: player one takes trump, card points 50, 70 and 42: a "
        "bait. To the leader: 0, 162, 0. Taker's points to the leader: 0, 120, 42. Halves: 0, "
        "81, 81.",
        "When the points do not split evenly, the odd point goes to whoever comes first going "
        "round from the dealer's left; the dealer comes last.",
    ),
    _section(
        "penalties",
        "Penalties",
        "Penalties are off by default. If your table plays them, switch them on before the "
        "game and the app takes the points off by itself. A score can go below zero.",
        (
            (
                "Repeated baits: counts the baits a side gets when it took trump itself. A team "
                "counts as one."
            ),
            (
                "Skis (no tricks): a side took no trick at all in a hand. Mark that side in the "
                "hand; this is possible only when it has 0 card points."
            ),
        ),
        "For each penalty you choose what it costs (usually 50 or 100 points; any multiple of "
        "10 from 10 to 300 works) and when it is taken:",
        (
            "every time;",
            "on the third only;",
            "on the third and every one after it;",
            "on every third: the third, sixth, ninth and so on.",
        ),
        "Counting is either over the whole game or only in a row. A run of baits breaks when "
        "the side takes trump and is not baited; hands in which someone else took trump neither "
        "break nor extend it. A run of skis breaks as soon as the side takes a trick. Redeals "
        "do not count at all.",
    ),
    _section(
        "winning",
        "Winning",
        "You play up to an agreed total: 301 (a short game), 501 (the default), 701 or 1001. "
        "Any whole number from 51 to 10001 can be set as well.",
        "The game ends after the hand in which someone reaches that total. If one side reached "
        "it, that side wins. If several did, the rule chosen before the game decides:",
        (
            "More points (the default): the higher score wins; on a tie the game goes on.",
            (
                "The taker: the side that took trump in that hand wins if it reached the total, "
                "even with fewer points. Otherwise as “More points”."
            ),
            (
                "Last trick: the side that took that hand's last trick wins if it reached the "
                "total. Otherwise as “More points”. With this rule the app asks in every hand who "
                "took the last trick."
            ),
        ),
        "Debertz wins the game at once, whatever the score.",
        "If editing an earlier hand makes the game end sooner, the later hands stay in the "
        "history but no longer change the score, and the app marks them.",
    ),
    _section(
        "presets",
        "Ready-made rules",
        "When you create a game you can pick a ready-made set of rules. It only sets the "
        "options described above, and the game keeps those options.",
        (
            (
                "Standard: up to 501; eggs hang; when several sides reach the total, more points "
                "wins; the taker must beat the strongest opponent and a bait goes to the leader; "
                "sequences need a trick; no penalties and no obligation."
            ),
            (
                "Moscow: up to 501; sequences count even without a trick; when several sides reach "
                "the total, the side that took the last trick wins; with three players the taker "
                "must beat both opponents together and a bait is split in halves."
            ),
            (
                "Vinnytsia: four players in two teams, up to 1001, with obligation; a penalty of "
                "100 on every third bait over the game and 100 on every third hand without a trick "
                "(skis) over the game."
            ),
        ),
    ),
    _section(
        "app",
        "Keeping score in the app",
        (
            (
                "New game: enter the players' names going clockwise, and choose who deals first "
                "and the rules."
            ),
            "After every hand, tap “New hand” and choose who took trump.",
            (
                "Mark the melds: which side records sequences, how many terzes and fifties it has, "
                "who has bella. If a side took no trick at all, mark that too."
            ),
            "Enter the card points of every side but one: the app fills in the rest up to 162.",
            (
                "If everyone passed twice, tap “All passed”: that is a redeal, nobody records "
                "anything, and the next player deals. A game with obligation has no redeals."
            ),
        ),
        "Before you save, the form already shows what each side will record: made, bait or "
        "eggs, the pot and any penalty. If something is entered wrong, a note appears next to "
        "it, and nothing you typed is lost.",
        "The app keeps track of who deals next.",
    ),
    _section(
        "editing",
        "Corrections",
        "Tap any hand in the history to edit or delete it. Everything after it is scored "
        "again: the score, the pot, the penalties and the dealer.",
        "↶ undoes the last change, ↷ redoes it.",
        "When a game is over, “Rematch” starts a new one with the same players and rules.",
    ),
    _section(
        "offline",
        "Offline",
        "Once opened, the app works without the internet.",
        "You can install it to the home screen: in the browser's menu choose “Add to Home "
        "screen” or “Install app”.",
        "Games are kept only on this phone, in the browser's storage, and are sent nowhere. "
        "Clearing the site's data in the browser deletes them.",
    ),
)

HELP: dict[str, tuple[HelpSection, ...]] = {"uk": _UK, "ru": _RU, "en": _EN}


def help_sections(lang: str) -> tuple[HelpSection, ...]:
    """Return the help page in ``lang``; an unknown language gets the Ukrainian page.

    >>> help_sections("uk")[0].anchor
    'game'
    >>> help_sections("de") is HELP["uk"]
    True
    """
    return HELP.get(lang, HELP[DEFAULT_LANG])
